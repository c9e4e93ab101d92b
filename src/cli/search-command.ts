/**
 * `treeindex search "question"` searches the local user's whole library (every completed
 * document, through the library index); `treeindex search <doc|file> "question"` one
 * document; `--folder <id>` a folder and its subfolders; `--filter <json>` narrows by
 * metadata (the `GET /docs` language). No server is needed. A PDF file is indexed in this
 * process; a stored document (id, or unique file name) is searched with its stored index.
 * Prints the pages to read first (with snippets), then ranked nodes with their passages and
 * pages (stdout), or JSON with --json (`rankedPages` beside `nodes`).
 */
import fs from "node:fs/promises";
import type { Command } from "commander";
import { expandHome } from "../expand-home.ts";
import { loadConfig } from "../config.ts";
import type { LexicalIndex, LexicalResult } from "../core/retrieval/lexical-index.ts";

interface SearchFlags {
  limit: string;
  json?: boolean;
  folder?: string;
  filter?: string;
}

export function registerSearchCommand(program: Command): void {
  program
    .command("search")
    .description("search the whole library, a folder, or one document (a stored doc_id, or a PDF file); print the pages to read first and ranked sections")
    .argument("<doc-or-question>", "the question (whole library), or a stored document (id or unique file name) or a PDF file followed by the question")
    .argument("[question]", "what to look for in that document")
    .option("--folder <folder_id>", "search this folder and its subfolders")
    .option("--filter <json>", 'only documents whose metadata match (GET /docs language), e.g. \'{"year":{"$gte":2020}}\'')
    .option("--limit <n>", "sections to show", "5")
    .option("--json", "print JSON")
    .addHelpText("after", '\nExamples:\n  treeindex search "which contract has a termination fee"\n  treeindex search R-intro.pdf "how do I read a CSV file"\n  treeindex search --folder fld_abc "revenue by segment"\n')
    .action(async (first: string, second: string | undefined, flags: SearchFlags, command: Command) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`--limit must be a whole number 1-100, got ${flags.limit}`);
      if (second === undefined || flags.folder || flags.filter) {
        if (second !== undefined) throw new Error("with --folder or --filter give only the question");
        await inLibrary({ folderId: flags.folder, filter: flags.filter }, first, limit, flags.json === true, command);
        return;
      }
      // A quoted `~/…` reaches us unexpanded by the shell.
      const file = expandHome(first);
      const { name, index } = (await isFile(file)) ? await fromFile(file) : await fromStore(first, command);
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

async function inLibrary(where: { folderId?: string; filter?: string }, question: string, limit: number, json: boolean, command: Command): Promise<void> {
  await withLocalServices(command, async (services, user) => {
    const { metadataFilterParam } = await import("../core/listing/query-language.ts");
    let metadataFilter: Record<string, unknown> | undefined;
    if (where.filter !== undefined) {
      const parsed = metadataFilterParam.safeParse(where.filter);
      if (!parsed.success) throw new Error(`--filter: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
      metadataFilter = parsed.data as Record<string, unknown>;
    }
    // No server keeps the library index current here: bring it up to date first (cheap when it is).
    await services.librarySync.reconcile();
    const result = await services.search.search(user, { folderId: where.folderId, metadataFilter }, question, { limit });
    const scope = where.folderId ? `folder ${where.folderId}` : "library";
    if (json) {
      process.stdout.write(`${JSON.stringify({ ...(where.folderId ? { folder_id: where.folderId } : {}), query: question, ...result }, null, 2)}\n`);
      return;
    }
    const searched = `${result.searched.documents} of ${result.searched.of} documents searched`;
    if (!result.nodes.length && !result.pages.length) {
      process.stdout.write(`Nothing in the ${scope} matches "${question}" (${searched}).\n`);
      return;
    }
    const lines = [`${scope}: "${question}" (${searched})`, "pages to read first:"];
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
