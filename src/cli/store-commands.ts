/**
 * Commands over the store, acting as the local user (the one `treeindex mcp` acts as, so
 * what `add` stores the desktop client sees and vice versa):
 *   list               the stored documents
 *   pages DOC 5-7      the text of pages
 * (`add` is in add-command.ts, `tree` in tree-command.ts.)
 * DOC is a document id or a unique file name (with or without extension).
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { Services } from "../core/services.ts";
import { DEFAULT_USER_NAME } from "../core/users.ts";
import type { DocumentRecord, UserRecord } from "../store/index.ts";

/** The services on the store, as the local user; `jobs` starts the worker pool (add). */
export async function withServices<T>(command: Command, jobs: boolean, fn: (services: Services, user: UserRecord) => Promise<T>): Promise<T> {
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

export function registerStoreCommands(program: Command): void {
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
        // Naming the store answers "where did my documents go?" when another store was meant.
        if (!docs.length) process.stderr.write(`No documents yet in ${services.config.home}: treeindex add FILE\n`);
        for (const d of docs) process.stdout.write(`${d.id}\t${d.status}\t${d.pageNum}\t${d.name}\n`);
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
