/**
 * A copy of a PDF without its outline, made the way the issue prescribes:
 * `qpdf --empty --pages in.pdf 1-z -- out.pdf` (pages and page labels kept, bookmarks and
 * the document catalog's other entries left behind). The copy is checked to have no outline.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** qpdf exits 3 when it succeeded with warnings (a damaged file it repaired). */
async function qpdf(args: string[]): Promise<string> {
  try {
    return (await run("qpdf", args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    if (e.code === 3) return e.stdout ?? "";
    throw err;
  }
}

export async function stripOutline(input: string, output: string): Promise<void> {
  await qpdf(["--empty", "--pages", input, "1-z", "--", output]);
  const left = JSON.parse(await qpdf(["--json=2", "--json-key=outlines", output])) as { outlines?: unknown[] };
  if (left.outlines?.length) throw new Error(`${output} still has ${left.outlines.length} outline entries`);
}
