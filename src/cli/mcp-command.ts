import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { createServices } from "../core/services.ts";
import { createLogger } from "../logger.ts";
import { serveStdio } from "../mcp/stdio.ts";

export function registerMcpCommand(program: Command): void {
  program
    .command("mcp")
    .description("run the MCP server over stdio (for desktop AI clients and agents)")
    .option("--home <dir>", "store directory (TREEINDEX_HOME)")
    .action(async (opts: { home?: string }, command: Command) => {
      const config = loadConfig({ ...command.parent?.opts(), ...opts });
      const logger = createLogger(config.logLevel);
      const services = await createServices(config, logger);
      const close = await serveStdio(services);
      logger.info({ home: config.home }, "treeindex MCP server on stdio");
      const stop = async () => {
        await close();
        await services.close();
        process.exit(0);
      };
      process.stdin.on("end", () => void stop());
      process.on("SIGINT", () => void stop());
      process.on("SIGTERM", () => void stop());
    });
}
