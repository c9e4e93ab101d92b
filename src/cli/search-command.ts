/**
 * `treeindex search <doc|file> "question"` or `treeindex search --folder <id> "question"`:
 * lexical tree search without a server. A PDF file is indexed in this process; otherwise
 * the argument is a stored document of the local user (id, or unique file name), searched
 * with its stored index, never re-indexed; `--folder` searches a folder and its subfolders.
 * Prints the pages to read first (with snippets), then ranked nodes with their passages and
 * pages (stdout), or JSON with --json (`rankedPages` beside `nodes`).
 */
import fs from "node:fs/promises";
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { LexicalIndex, LexicalResult } from "../core/retrieval/lexical-index.ts";

interface SearchFlags {
  limit: string;
  json?: boolean;
  folder?: string;
}

export function registerSearchCommand(program: Command): void {
  program
    .command("search")
    .description("search one document (a stored doc_id, or a PDF file) and print ranked sections and passages")
    .argument("<doc-or-question>", "stored document (id or unique file name) or a PDF file; with --folder, the question")
    .argument("[question]", "what to look for")
    .option("--folder <folder_id>", "search this folder and its subfolders instead of one document")
    .option("--limit <n>", "sections to show", "5")
    .option("--json", "print JSON")
    .addHelpText("after", '\nExamples:\n  treeindex search R-intro.pdf "how do I read a CSV file"\n  treeindex search --folder fld_abc "revenue by segment"\n')
    .action(async (first: string, second: string | undefined, flags: SearchFlags, command: Command) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`--limit must be a whole number 1-100, got ${flags.limit}`);
      if (flags.folder) {
        if (second !== undefined) throw new Error("with --folder give only the question");
        await inFolder(flags.folder, first, limit, flags.json === true, command);
        return;
      }
      if (second === undefined) throw new Error('give a document and a question: treeindex search DOC "question"');
      const { name, index } = (await isFile(first)) ? await fromFile(first) : await fromStore(first, command);
      const result = index.search(second, { limit });
      process.stdout.write(flags.json ? `${JSON.stringify({ doc: name, query: second, ...result }, null, 2)}\n` : render(name, second, result));
    });
}

async function isFile(arg: string): Promise<boolean> {
  return fs.stat(arg).then((s) => s.isFile(), () => false);
}

async function fromFile(file: string): Promise<{ name: string; index: LexicalIndex }> {
  // Indexers and search load only when this command runs, so other commands start fast.
  const [{ detectFormat }, { indexPdf }, { LexicalIndex }] = await Promise.all([
    import("../indexing/detect.ts"),
    import("../indexing/pdf/index.ts"),
    import("../core/retrieval/lexical-index.ts"),
  ]);
  const bytes = new Uint8Array(await fs.readFile(file));
  const format = detectFormat(bytes, file);
  if (format.kind !== "pdf") throw new Error(`${file}: not a PDF; search a stored Markdown document by its doc_id`);
  const indexed = await indexPdf(bytes, { addSummaries: true });
  return { name: file, index: new LexicalIndex(indexed.tree, indexed.pageTexts) };
}

/** A stored document of the local user, by id or unique name, with its stored search index. */
async function fromStore(ref: string, command: Command): Promise<{ name: string; index: LexicalIndex }> {
  return withLocalServices(command, async (services, user) => {
    const { findDocument } = await import("./store-commands.ts");
    const doc = await findDocument(services, user, ref).catch((error: unknown) => {
      throw new Error(`${ref}: neither a file nor a document (${error instanceof Error ? error.message.replace(/^[^:]*: /, "") : String(error)})`);
    });
    if (doc.status !== "completed") throw new Error(`${ref} is not retrieval_ready (status ${doc.status}${doc.error ? `: ${doc.error}` : ""})`);
    return { name: `${doc.name} (${doc.id})`, index: await services.search.cache.get(doc) };
  });
}

async function inFolder(folderId: string, question: string, limit: number, json: boolean, command: Command): Promise<void> {
  await withLocalServices(command, async (services, user) => {
    const result = await services.search.search(user, { folderId }, question, { limit });
    if (json) {
      process.stdout.write(`${JSON.stringify({ folder_id: folderId, query: question, ...result }, null, 2)}\n`);
      return;
    }
    if (!result.nodes.length) {
      process.stdout.write(`Nothing in folder ${folderId} matches "${question}".\n`);
      return;
    }
    const lines = [`folder ${folderId}: "${question}"`, "pages to read first:"];
    for (const p of result.pages) lines.push(`  ${p.doc_name} p.${p.page}  ${p.snippet.replace(/\s+/g, " ")}`);
    lines.push("");
    result.nodes.forEach((n, i) => lines.push(`${i + 1}. ${n.doc_name} [${n.node_id}] ${[...n.path, n.title].join(" > ")}  (score ${n.score})`));
    process.stdout.write(`${lines.join("\n")}\n`);
  });
}

async function withLocalServices<T>(command: Command, fn: (services: import("../core/services.ts").Services, user: import("../store/index.ts").UserRecord) => Promise<T>): Promise<T> {
  const config = loadConfig(command.optsWithGlobals());
  const [{ createServices }, { createLogger }, { DEFAULT_USER_NAME }] = await Promise.all([import("../core/services.ts"), import("../logger.ts"), import("../core/users.ts")]);
  const services = await createServices(config, createLogger("silent"), { runJobs: false });
  try {
    return await fn(services, await services.users.ensureUser(DEFAULT_USER_NAME));
  } finally {
    await services.close();
  }
}

function render(name: string, question: string, result: LexicalResult): string {
  if (!result.nodes.length) return `No section of ${name} matches "${question}".\n`;
  const lines = [`${name}: "${question}"`, "pages to read first:"];
  for (const p of result.rankedPages.filter((r) => r.score > 0).slice(0, 5)) lines.push(`  p.${p.page}  ${p.snippet.replace(/\s+/g, " ")}`);
  lines.push("");
  result.nodes.forEach((n, i) => {
    const where = n.start_index !== undefined ? `pages ${n.start_index}-${n.end_index ?? n.start_index}` : n.line_num !== undefined ? `line ${n.line_num}` : "";
    lines.push(`${i + 1}. [${n.node_id}] ${[...n.path, n.title].join(" > ")}  (${where}; score ${n.score})`);
    for (const p of n.passages) lines.push(`     ${p.page !== null ? `p.${p.page}` : `l.${p.line ?? "?"}`}: ${p.text.length > 200 ? `${p.text.slice(0, 200)}…` : p.text}`);
  });
  return `${lines.join("\n")}\n`;
}
