/**
 * `treeindex add FILE...`: store and index files as the local user. Every file is its own
 * outcome: one that cannot be read or is not a document does not stop the others, and each
 * is reported on its own line, in the order given (a document: `id  status  name  pages` on
 * stdout; an error: `treeindex: FILE: why` on stderr), or as one JSON object per line with
 * --json. Exit 1 when any file failed (could not be added, or ended `failed`).
 *
 * Running the same command again after a partial failure must not duplicate what the first
 * run stored (a taken name is stored as `a_1.pdf`): a file whose bytes are already stored
 * under its name in that folder is reported as that document (core/documents/stored-copy.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import type { Services } from "../core/services.ts";
import type { DocumentRecord, UserRecord } from "../store/index.ts";
import { expandHome } from "../expand-home.ts";
import { withServices } from "./store-commands.ts";

interface AddFlags {
  folder?: string;
  wait: boolean;
  json?: boolean;
}

/** What became of one file given on the command line (a ZIP gives one per entry). */
type Outcome = { file: string; error: string } | { file: string; docId: string; name: string; alreadyStored: boolean };

/** A file that exists and can be read, or a one-line reason naming it. */
async function readInput(file: string): Promise<Uint8Array> {
  // Quoted paths reach us unexpanded by the shell.
  const resolved = expandHome(file);
  const stat = await fs.stat(resolved).catch(() => undefined);
  if (!stat) throw new Error("no such file");
  if (!stat.isFile()) throw new Error("not a file");
  return new Uint8Array(await fs.readFile(resolved));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Stores one file (or finds it already stored); every failure becomes an outcome naming the file. */
async function addOne(services: Services, user: UserRecord, file: string, bytes: Uint8Array, folderId: string | undefined): Promise<Outcome[]> {
  try {
    const [{ uploadOptions }, { findStoredCopy }, { isZip }, { identifyContainer }] = await Promise.all([
      import("../core/documents/schemas.ts"),
      import("../core/documents/stored-copy.ts"),
      import("../indexing/detect.ts"),
      import("../indexing/detect-container.ts"),
    ]);
    const fileName = path.basename(file);
    // One document (a DOCX or EPUB is a ZIP inside, but one document), unless an archive to import.
    if (!isZip(bytes) || (await identifyContainer(bytes)).kind !== "zip") {
      const stored = await findStoredCopy(services.store, user, { fileName, bytes, folderId });
      if (stored) return [{ file, docId: stored.id, name: stored.name, alreadyStored: true }];
    }
    const result = await services.documents.submit(user, { fileName, bytes, options: uploadOptions({}, "doc"), folderId });
    if ("doc_id" in result) return [{ file, docId: result.doc_id, name: result.name, alreadyStored: false }];
    // A ZIP archive: its documents, and its entries that could not be imported.
    return [
      ...result.items.map((item) => ({ file, docId: item.doc_id, name: item.file_name, alreadyStored: false })),
      ...result.failed.map((entry) => ({ file: entry.path === "*" ? file : `${file} (${entry.path})`, error: entry.detail })),
    ];
  } catch (error) {
    return [{ file, error: messageOf(error) }];
  }
}

/** One line of the report: tab-separated text, or a JSON object with --json. */
function report(outcome: Outcome, doc: DocumentRecord | undefined, json: boolean): void {
  if ("error" in outcome) {
    if (json) process.stdout.write(`${JSON.stringify({ file: outcome.file, error: outcome.error })}\n`);
    else process.stderr.write(`treeindex: ${outcome.file}: ${outcome.error}\n`);
    return;
  }
  const status = doc?.status ?? "queued";
  if (json) {
    const row = {
      file: outcome.file,
      doc_id: outcome.docId,
      name: outcome.name,
      status,
      ...(status === "completed" ? { page_count: doc!.pageNum } : {}),
      ...(doc?.error ? { error: doc.error } : {}),
      ...(outcome.alreadyStored ? { already_stored: true } : {}),
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
    return;
  }
  const detail = status === "completed" ? `\t${doc!.pageNum} pages` : status === "failed" ? `\t${doc!.error ?? ""}` : "";
  process.stdout.write(`${outcome.docId}\t${status}\t${outcome.name}${detail}${outcome.alreadyStored ? "\t(already stored)" : ""}\n`);
}

export function registerAddCommand(program: Command): void {
  program
    .command("add")
    .description("store and index documents (PDF, Markdown, DOCX, ODT, PPTX, EPUB, HTML, text) or ZIPs of them; prints one line per file (its document id, or why it failed), waits until indexed")
    .argument("<files...>", "files to add")
    .option("--folder <folder_id>", "file them in this folder")
    .option("--no-wait", "print the ids at once; indexing continues in `treeindex serve` or the next `treeindex mcp`")
    .option("--json", "print one JSON object per file and line: {file, doc_id, name, status, page_count} or {file, error}")
    .addHelpText("after", "\nExample:\n  treeindex add report.pdf notes.md slides.pptx book.epub\n\nA file already stored (same name and bytes, same folder) is reported as that document, not stored twice, so a failed run can simply be run again.\n")
    .action(async (files: string[], flags: AddFlags, command: Command) => {
      const json = flags.json === true;
      // Read everything first: no store is opened (nor worker pool started) when no file can be read.
      const inputs = await Promise.all(files.map(async (file) => ({ file, bytes: await readInput(file).catch((error: unknown) => messageOf(error)) })));
      const unreadable = (bytes: Uint8Array | string): bytes is string => typeof bytes === "string";
      let failed = false;
      const reportAll = async (outcomes: Outcome[], services?: Services, user?: UserRecord) => {
        for (const outcome of outcomes) {
          let doc: DocumentRecord | undefined;
          if (!("error" in outcome) && services && user) doc = flags.wait ? await waitIndexed(services, user, outcome.docId) : await services.documents.get(user, outcome.docId);
          report(outcome, doc, json);
          if ("error" in outcome || doc?.status === "failed") failed = true;
        }
      };
      if (inputs.every((i) => unreadable(i.bytes))) {
        await reportAll(inputs.map((i) => ({ file: i.file, error: i.bytes as string })));
      } else {
        await withServices(command, flags.wait, async (services, user) => {
          // All stored (and queued) first, so the pool indexes them side by side while we wait in order.
          const outcomes: Outcome[] = [];
          for (const { file, bytes } of inputs) outcomes.push(...(unreadable(bytes) ? [{ file, error: bytes }] : await addOne(services, user, file, bytes, flags.folder)));
          await reportAll(outcomes, services, user);
        });
      }
      if (failed) process.exitCode = 1;
    });
}

async function waitIndexed(services: Services, user: UserRecord, docId: string): Promise<DocumentRecord> {
  const { SingleBar, Presets } = await import("cli-progress");
  const bar = process.stderr.isTTY ? new SingleBar({ format: "{name} [{bar}] {value}/{total} pages, ETA {eta_formatted}", stream: process.stderr }, Presets.shades_classic) : undefined;
  let started = false;
  try {
    for (;;) {
      const doc = await services.documents.get(user, docId);
      if (doc.status === "completed" || doc.status === "failed") return doc;
      const progress = services.progress.get(docId);
      if (bar && progress) {
        if (!started) bar.start(progress.total, progress.done, { name: doc.name }), (started = true);
        bar.setTotal(progress.total);
        bar.update(progress.done, { name: `${doc.name}: ${progress.stage}` });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    bar?.stop();
  }
}
