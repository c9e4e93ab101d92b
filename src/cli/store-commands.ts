/**
 * Commands over the store, acting as the local user (the one `treeindex mcp` acts as, so
 * what `add` stores the desktop client sees and vice versa):
 *   add FILE...        store and index files, print their ids (progress on stderr)
 *   list               the stored documents
 *   tree DOC           a document's outline (titles, node ids, pages)
 *   pages DOC 5-7      the text of pages
 * DOC is a document id or a unique file name (with or without extension).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { loadConfig } from "../config.ts";
import type { Services } from "../core/services.ts";
import { DEFAULT_USER_NAME } from "../core/users.ts";
import type { DocumentRecord, UserRecord } from "../store/index.ts";

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected a whole number of 1 or more");
  return n;
}

/** The services on the store, as the local user; `jobs` starts the worker pool (add). */
async function withServices<T>(command: Command, jobs: boolean, fn: (services: Services, user: UserRecord) => Promise<T>): Promise<T> {
  const config = loadConfig(command.optsWithGlobals());
  const [{ createServices }, { createLogger }] = await Promise.all([import("../core/services.ts"), import("../logger.ts")]);
  const services = await createServices(config, createLogger(jobs ? "warn" : "silent"), { runJobs: jobs });
  try {
    return await fn(services, await services.users.ensureUser(DEFAULT_USER_NAME));
  } finally {
    await services.close();
  }
}

/** A document by id, or by its unique name (with or without extension). */
export async function findDocument(services: Services, user: UserRecord, ref: string): Promise<DocumentRecord> {
  if (/^doc_/.test(ref)) return services.documents.get(user, ref);
  const matches = await services.documents.findByName(user, ref);
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) throw new Error(`${ref}: no stored document has this id or name (treeindex list shows them)`);
  throw new Error(`${ref}: ${matches.length} documents have this name; use one of their ids: ${matches.map((d) => d.id).join(", ")}`);
}

/** A file that exists and can be read, or a one-line error naming it. */
async function readFile(file: string): Promise<Uint8Array> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) throw new Error(`${file}: no such file`);
  if (!stat.isFile()) throw new Error(`${file}: not a file`);
  return new Uint8Array(await fs.readFile(file));
}

export function registerStoreCommands(program: Command): void {
  program
    .command("add")
    .description("store and index PDF or Markdown files (or ZIPs of them); prints each document id, waits until indexed")
    .argument("<files...>", "files to add")
    .option("--folder <folder_id>", "file them in this folder")
    .option("--no-wait", "print the ids at once; indexing continues in `treeindex serve` or the next `treeindex mcp`")
    .addHelpText("after", "\nExample:\n  treeindex add report.pdf notes.md\n")
    .action(async (files: string[], flags: { folder?: string; wait: boolean }, command: Command) => {
      const inputs = await Promise.all(files.map(async (file) => ({ file, bytes: await readFile(file) })));
      await withServices(command, flags.wait, async (services, user) => {
        const { uploadOptions } = await import("../core/documents/schemas.ts");
        const ids: { id: string; name: string }[] = [];
        for (const { file, bytes } of inputs) {
          const result = await services.documents.submit(user, { fileName: path.basename(file), bytes, options: uploadOptions({}, "doc"), folderId: flags.folder });
          if ("doc_id" in result) ids.push({ id: result.doc_id, name: result.name });
          else for (const item of result.items) ids.push({ id: item.doc_id, name: item.file_name });
        }
        if (!flags.wait) {
          for (const d of ids) process.stdout.write(`${d.id}\tqueued\t${d.name}\n`);
          return;
        }
        let failed = 0;
        for (const d of ids) {
          const doc = await waitIndexed(services, user, d.id);
          if (doc.status === "failed") failed++;
          process.stdout.write(`${doc.id}\t${doc.status}\t${doc.name}${doc.status === "completed" ? `\t${doc.pageNum} pages` : `\t${doc.error ?? ""}`}\n`);
        }
        if (failed) process.exitCode = 1;
      });
    });

  program
    .command("list")
    .description("list stored documents: id, status, pages, name (newest first)")
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  treeindex list\n")
    .action(async (flags: { json?: boolean }, command: Command) => {
      await withServices(command, false, async (services, user) => {
        const docs = await services.documents.recent(user, 100_000);
        if (flags.json) {
          const { documentInfoOf } = await import("../core/documents/render.ts");
          process.stdout.write(`${JSON.stringify({ documents: docs.map(documentInfoOf) }, null, 2)}\n`);
          return;
        }
        if (!docs.length) process.stderr.write("No documents yet: treeindex add FILE\n");
        for (const d of docs) process.stdout.write(`${d.id}\t${d.status}\t${d.pageNum}\t${d.name}\n`);
      });
    });

  program
    .command("tree")
    .description("print a stored document's outline: titles, node ids and pages")
    .argument("<doc>", "document id or unique file name")
    .option("--depth <n>", "levels to show", wholeNumber)
    .option("--json", "print the structure as JSON")
    .addHelpText("after", "\nExample:\n  treeindex tree R-intro.pdf --depth 2\n")
    .action(async (ref: string, flags: { depth?: number; json?: boolean }, command: Command) => {
      await withServices(command, false, async (services, user) => {
        const doc = await findDocument(services, user, ref);
        const result = await services.reader.structure(user, doc.id, { maxDepth: flags.depth });
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        const lines = [`${doc.name} (${doc.id}), ${doc.pageNum} pages, ${result.node_count} sections`];
        type Outline = (typeof result.structure)[number];
        const walk = (nodes: Outline[], depth: number) => {
          for (const n of nodes) {
            const where = n.start_index !== undefined ? `p.${n.start_index}${n.end_index !== n.start_index ? `-${n.end_index}` : ""}` : n.line_num !== undefined ? `line ${n.line_num}` : "";
            lines.push(`${"  ".repeat(depth)}${n.title}  [${n.node_id}] ${where}${n.hidden_children ? ` (+${n.hidden_children} below)` : ""}`);
            walk(n.nodes, depth + 1);
          }
        };
        walk(result.structure, 0);
        process.stdout.write(`${lines.join("\n")}\n`);
      });
    });

  program
    .command("pages")
    .description('print the text of pages of a stored PDF ("5", "5-7", "1-3,9")')
    .argument("<doc>", "document id or unique file name")
    .argument("<pages>", 'pages, e.g. "5-7"')
    .option("--json", "print JSON")
    .addHelpText("after", "\nExample:\n  treeindex pages R-intro.pdf 5-7\n")
    .action(async (ref: string, spec: string, flags: { json?: boolean }, command: Command) => {
      await withServices(command, false, async (services, user) => {
        const doc = await findDocument(services, user, ref);
        const result = await services.reader.pages(user, doc.id, spec);
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        for (const p of result.pages) process.stdout.write(`--- page ${p.page} ---\n${p.text}\n`);
        if (result.next_pages) process.stderr.write(`(capped: pages ${result.next_pages} left out; ask for them next)\n`);
      });
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
