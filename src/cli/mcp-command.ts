import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";

export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("run the MCP server over stdio (for desktop AI clients and agents)")
    .option("--home <dir>", "store directory (TREEINDEX_HOME)")
    .option("--tools <profile>", "all, or read: reading tools plus process_document (TREEINDEX_MCP_TOOLS; default all)")
    .action(async (opts: { home?: string; tools?: string }, command: Command) => {
      const config = loadConfig({ ...command.parent?.opts(), ...opts });
      const logger = createLogger(config.logLevel);
      // Imported here so other commands do not load the MCP server.
      const { serveStdio } = await import("../mcp/stdio.ts");
      const running = await serveStdio(config, logger);
      logger.info({ home: config.home }, "treeindex MCP server on stdio");
      const stop = async () => {
        await running.close();
        process.exit(0);
      };
      process.stdin.on("end", () => void stop());
      process.on("SIGINT", () => void stop());
      process.on("SIGTERM", () => void stop());
    });
}
