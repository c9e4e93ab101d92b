/**
 * `treeindex watch DIR...`: keeps folders indexed until stopped (Ctrl-C): each is synced
 * now (changes made while nothing ran are applied), then every change is applied as it
 * happens (issue #39). Progress with totals goes to stderr: a bar on a terminal, a line
 * whenever the totals change otherwise. Another process watching the same folder (a
 * desktop client's `mcp`, `serve`) keeps it; this one stands by and takes over if it stops.
 */
import type { Command } from "commander";
import { expandHome } from "../expand-home.ts";
import type { WatchedRootStatus } from "../core/sync/schemas.ts";
import { withServices } from "./store-commands.ts";

function totals(statuses: WatchedRootStatus[]): { files: number; pending: number; skipped: number; last: string; standby: number } {
  const last = statuses.map((s) => s.last_sync_at).filter((t): t is string => t !== null).sort().pop();
  return {
    files: statuses.reduce((n, s) => n + s.files, 0),
    pending: statuses.reduce((n, s) => n + s.pending, 0),
    skipped: statuses.reduce((n, s) => n + s.skipped, 0),
    last: last ? new Date(last).toLocaleTimeString() : "not yet",
    standby: statuses.filter((s) => !s.held_here).length,
  };
}

export function registerWatchCommand(program: Command): void {
  program
    .command("watch")
    .description("keep folders indexed: sync them now, then apply every change as it happens (until Ctrl-C)")
    .argument("<dirs...>", "the folders")
    .addHelpText("after", "\nExample:\n  treeindex watch ~/Documents/papers ~/notes\n\n`serve` and `mcp` do the same for the folders in TREEINDEX_WATCH.\n")
    .action(async (dirs: string[], _flags: unknown, command: Command) => {
      await withServices(command, true, async (services, user) => {
        const watched = new Set<string>();
        for (const dir of dirs) {
          const real = await services.sync.directory(expandHome(dir));
          watched.add((await services.sync.watch(user, real)).folder_id);
          process.stderr.write(`watching ${real}\n`);
        }
        const { SingleBar, Presets } = await import("cli-progress");
        const bar = process.stderr.isTTY
          ? new SingleBar({ format: "[{bar}] {value}/{total} files indexed | {pending} pending | {skipped} skipped | last sync {last}{standby}", stream: process.stderr, hideCursor: true }, Presets.shades_classic)
          : undefined;
        let lastLine = "";
        const show = async () => {
          const t = totals((await services.sync.status(user)).filter((s) => watched.has(s.folder_id)));
          const standby = t.standby ? ` | ${t.standby} kept by another process` : "";
          if (bar) {
            if (!bar.isActive) bar.start(t.files + t.pending, 0);
            bar.setTotal(Math.max(1, t.files));
            bar.update(Math.max(0, t.files - t.pending), { pending: t.pending, skipped: t.skipped, last: t.last, standby });
            return;
          }
          const line = `${t.files} files indexed, ${t.pending} pending, ${t.skipped} skipped, last sync ${t.last}${standby}`;
          if (line !== lastLine) process.stderr.write(`${line}\n`);
          lastLine = line;
        };
        await new Promise<void>((resolve) => {
          const timer = setInterval(() => void show().catch(() => undefined), 1000);
          const stop = () => {
            clearInterval(timer);
            resolve();
          };
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
        });
        bar?.stop();
      });
    });
}
