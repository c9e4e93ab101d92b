/**
 * `treeindex search <doc_id|file> "question"`: lexical tree search without a server. A
 * file (PDF) is indexed in this process; otherwise the argument is a document id in the
 * store (TREEINDEX_HOME / --home). Prints the pages to read first (with snippets), then
 * ranked nodes with their passages and pages (stdout), or JSON with --json
 * (`rankedPages` beside `nodes`).
 */
import fs from "node:fs/promises";
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { LexicalIndex, LexicalResult } from "../core/retrieval/lexical-index.ts";
import { openStore } from "../store/index.ts";

interface SearchFlags {
  limit: string;
  json?: boolean;
}

export function registerSearchCommand(program: Command): void {
  program
    .command("search")
    .description("search one document (a stored doc_id, or a PDF file) and print ranked sections and passages")
    .argument("<doc>", "document id in the store, or a PDF file")
    .argument("<question>", "what to look for")
    .option("--limit <n>", "sections to show", "5")
    .option("--json", "print JSON")
    .action(async (doc: string, question: string, flags: SearchFlags, command: Command) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`--limit must be a whole number 1-100, got ${flags.limit}`);
      const { name, index } = (await isFile(doc)) ? await fromFile(doc) : await fromStore(doc, command);
      const result = index.search(question, { limit });
      process.stdout.write(flags.json ? `${JSON.stringify({ doc: name, query: question, ...result }, null, 2)}\n` : render(name, question, result));
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

async function fromStore(docId: string, command: Command): Promise<{ name: string; index: LexicalIndex }> {
  const config = loadConfig(command.optsWithGlobals());
  const { IndexCache } = await import("../core/retrieval/index-cache.ts");
  const store = await openStore(config.home);
  try {
    const doc = await store.read((tx) => tx.documents.get(docId));
    if (!doc) throw new Error(`${docId}: neither a file nor a document in ${config.home}`);
    if (doc.status !== "completed") throw new Error(`${docId} is not retrieval_ready (status ${doc.status}${doc.error ? `: ${doc.error}` : ""})`);
    return { name: `${doc.name} (${doc.id})`, index: await new IndexCache(store).get(doc) };
  } finally {
    await store.close();
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
