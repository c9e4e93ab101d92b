import type { Command } from "commander";
import { HOME_SOURCE_TEXT, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";

export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("run the HTTP service (REST API and /mcp)")
    .option("--port <port>", "port to listen on, 0 = any free port (TREEINDEX_PORT)")
    .option("--host <host>", "address to bind (TREEINDEX_HOST)")
    .option("--home <dir>", "store directory (TREEINDEX_HOME)")
    .action(async (opts: { port?: string; host?: string; home?: string }, command: Command) => {
      const config = loadConfig({ ...command.parent?.opts(), ...opts });
      const logger = createLogger(config.logLevel);
      // Loaded here, not at the top: other commands (notably `mcp`, which a desktop client
      // starts and waits on) must not pay for loading the whole HTTP service.
      const [{ createServices }, { createHttpApp }, { listen }, { ensureFirstRunKey }] = await Promise.all([
        import("../core/services.ts"),
        import("../http/app.ts"),
        import("../http/server.ts"),
        import("./first-run.ts"),
      ]);
      const services = await createServices(config, logger);
      const server = await listen(createHttpApp(services), config.host, config.port);
      // The store is named in the message itself: which one a server uses is the first thing to check when documents seem
      // missing. (A space after the URL: scripts read it with /listening on (http:\/\/[^"\s]+)/.)
      logger.info({ url: server.url, home: config.home, home_source: config.homeSource, workers: config.workers }, `treeindex listening on ${server.url} with the store ${config.home} (${HOME_SOURCE_TEXT[config.homeSource]})`);
      await ensureFirstRunKey(services, server.url);
      await services.watchConfigured();

      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, "shutting down");
        await server.close();
        await services.close();
        process.exit(0);
      };
      process.on("SIGINT", () => void stop("SIGINT"));
      process.on("SIGTERM", () => void stop("SIGTERM"));
    });
}
