/**
 * `treeindex reindex`: empties the library index and fills it again from the catalogue and
 * the stored trees (no document is parsed again). Servers keep the index current on their
 * own and check it at start; this is for an index someone suspects, or after a restore.
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";

export function registerReindexCommand(program: Command): void {
  program
    .command("reindex")
    .description("rebuild the library index (whole-library search) from the stored documents")
    .addHelpText("after", "\nExample:\n  treeindex reindex\n")
    .action(async (_opts: unknown, command: Command) => {
      const config = loadConfig(command.optsWithGlobals());
      const [{ createServices }, { createLogger }] = await Promise.all([import("../core/services.ts"), import("../logger.ts")]);
      const services = await createServices(config, createLogger("silent"), { runJobs: false });
      try {
        const started = Date.now();
        const report = await services.librarySync.rebuild();
        const failed = report.failed ? `, ${report.failed} failed (see the log)` : "";
        process.stderr.write(`library index rebuilt: ${report.indexed} documents in ${((Date.now() - started) / 1000).toFixed(1)} s${failed}\n`);
        if (report.failed) process.exitCode = 1;
      } finally {
        await services.close();
      }
    });
}
