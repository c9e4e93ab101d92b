import type { Command } from "commander";
import { HOME_SOURCE_TEXT, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";

export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("run the MCP server over stdio (for desktop AI clients and agents)")
    .option("--home <dir>", "store directory (TREEINDEX_HOME)")
    .option("--tools <profile>", "all, or read: reading tools plus process_document and sync_folder (TREEINDEX_MCP_TOOLS; default all)")
    .action(async (opts: { home?: string; tools?: string }, command: Command) => {
      const config = loadConfig({ ...command.parent?.opts(), ...opts });
      const logger = createLogger(config.logLevel);
      // Imported here so other commands do not load the MCP server.
      const { serveStdio } = await import("../mcp/stdio.ts");
      const running = await serveStdio(config, logger);
      // The store is named in the message itself: a desktop client's server runs from the client's folder, not the user's.
      logger.info({ home: config.home, home_source: config.homeSource }, `treeindex MCP server on stdio with the store ${config.home} (${HOME_SOURCE_TEXT[config.homeSource]})`);
      const stop = async () => {
        await running.close();
        process.exit(0);
      };
      process.stdin.on("end", () => void stop());
      process.on("SIGINT", () => void stop());
      process.on("SIGTERM", () => void stop());
    });
}
