/**
 * `treeindex sync DIR [--folder ID]`: compares a folder with the store once and applies the
 * differences (new files indexed, changed ones re-indexed in place, renamed ones moved,
 * deleted ones removed; issue #39), waits until the documents are indexed, and prints the
 * totals (stdout). Skipped files and failures are listed on stderr; exit 1 when any file
 * failed (could not be added, or its indexing failed).
 */
import type { Command } from "commander";
import { expandHome } from "../expand-home.ts";
import type { Services } from "../core/services.ts";
import type { SyncReport } from "../core/sync/schemas.ts";
import type { UserRecord } from "../store/index.ts";
import { withServices } from "./store-commands.ts";

interface SyncFlags {
  folder?: string;
  wait: boolean;
  json?: boolean;
}

/** Waits until no document below the root's folder is queued or indexing; answers those that failed. */
async function waitIndexed(services: Services, user: UserRecord, folderId: string, changed: number): Promise<Array<{ name: string; error: string }>> {
  const { SingleBar, Presets } = await import("cli-progress");
  const bar = process.stderr.isTTY && changed > 0 ? new SingleBar({ format: "indexing [{bar}] {value}/{total} documents", stream: process.stderr }, Presets.shades_classic) : undefined;
  bar?.start(changed, 0);
  try {
    for (;;) {
      const status = (await services.sync.status(user)).find((s) => s.folder_id === folderId);
      bar?.update(Math.max(0, changed - (status?.pending ?? 0)));
      if (!status || status.pending === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    bar?.stop();
  }
  return services.sync.failedDocuments(user, folderId);
}

function printReport(report: SyncReport, failedDocs: Array<{ name: string; error: string }>, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify({ ...report, failed_documents: failedDocs })}\n`);
    return;
  }
  for (const s of report.skipped) process.stderr.write(`treeindex: skipped ${s.path}: ${s.reason}\n`);
  for (const f of report.failed) process.stderr.write(`treeindex: ${f.path}: ${f.error}\n`);
  for (const d of failedDocs) process.stderr.write(`treeindex: ${d.name}: indexing failed: ${d.error}\n`);
  const totals = [
    `${report.added} added`,
    `${report.updated} re-indexed`,
    `${report.moved} moved`,
    `${report.deleted} deleted`,
    `${report.unchanged} unchanged`,
    `${report.skipped.length} skipped`,
    `${report.failed.length + failedDocs.length} failed`,
    ...(report.waiting ? [`${report.waiting} still being written`] : []),
  ];
  process.stdout.write(`${report.root} -> folder ${report.folder_id}: ${totals.join(", ")}\n`);
}

export function registerSyncCommand(program: Command): void {
  program
    .command("sync")
    .description("index every document in a folder once, or apply what changed since the last sync; prints the totals")
    .argument("<dir>", "the folder")
    .option("--folder <folder_id>", "mirror it into this folder (default: a workspace named after the directory)")
    .option("--no-wait", "do not wait for indexing to end (`treeindex serve` or the next `treeindex mcp` continues it)")
    .option("--json", "print the totals as one JSON object")
    .addHelpText("after", "\nExample:\n  treeindex sync ~/Documents/papers\n\nTo keep it indexed as it changes: treeindex watch DIR, or TREEINDEX_WATCH for serve and mcp.\n")
    .action(async (dir: string, flags: SyncFlags, command: Command) => {
      await withServices(command, flags.wait, async (services, user) => {
        const real = await services.sync.directory(expandHome(dir));
        const report = await services.sync.syncOnce(user, real, { folderId: flags.folder });
        if (report.held_by) {
          process.stderr.write(`treeindex: ${real} is kept indexed by ${report.held_by} (treeindex watch, serve or mcp with TREEINDEX_WATCH); it applies the changes\n`);
        }
        const failedDocs = flags.wait ? await waitIndexed(services, user, report.folder_id, report.added + report.updated) : [];
        printReport(report, failedDocs, flags.json === true);
        if (report.failed.length || failedDocs.length) process.exitCode = 1;
      });
    });
}
