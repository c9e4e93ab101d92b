/**
 * The one binary: `treeindex serve | mcp | index | keys ...`.
 * Usage errors (unknown command, bad flag) print usage to stderr and exit 2; a bad
 * configuration exits 1 with a one-line message naming the variable.
 */
import { Command, CommanderError, Option } from "commander";
import { ConfigError, HOME_SOURCE_TEXT, resolveHome } from "./config.ts";
import { VERSION } from "./version.ts";
import { registerDatabaseCommands } from "./cli/database-commands.ts";
import { registerIndexCommand } from "./cli/index-command.ts";
import { registerKeysCommand } from "./cli/keys-command.ts";
import { registerMcpCommand } from "./cli/mcp-command.ts";
import { registerServeCommand } from "./cli/serve-command.ts";
import { registerSearchCommand } from "./cli/search-command.ts";
import { registerReindexCommand } from "./cli/reindex-command.ts";
import { registerShareCommand } from "./cli/share-command.ts";
import { registerStoreCommands } from "./cli/store-commands.ts";
import { registerAddCommand } from "./cli/add-command.ts";
import { registerTreeCommand } from "./cli/tree-command.ts";
import { registerSyncCommand } from "./cli/sync-command.ts";
import { registerWatchCommand } from "./cli/watch-command.ts";
import { endQuietlyOnClosedPipe } from "./cli/quiet-pipe.ts";

/** Commands whose stdout is not output to a reader: `mcp`'s is the protocol, `serve` prints nothing there. */
const SERVERS = new Set(["serve", "mcp"]);

/** Which store the commands use, and why: a store that depends on where one stands is a trap. */
function storeHelp(program: Command): string {
  const { home, source } = resolveHome(program.opts<{ home?: string }>());
  return `\nStore: ${home} (${HOME_SOURCE_TEXT[source]}; --home DIR or TREEINDEX_HOME to use another)\n`;
}

export function buildProgram(): Command {
  const program = new Command("treeindex")
    .description("Local document indexing, retrieval and chat: PDFs and Markdown to section trees, over MCP and REST.")
    .version(VERSION)
    .showHelpAfterError()
    // Help and --version go to stdout (`treeindex --help | less`); errors to stderr.
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) })
    .exitOverride();
  program.addOption(new Option("--home <dir>", "store directory (TREEINDEX_HOME)"));
  program.addHelpText("after", () => storeHelp(program));
  // `treeindex list | head -1` ends quietly (see quiet-pipe.ts).
  program.hook("preAction", (_program, action) => {
    if (!SERVERS.has(action.name())) endQuietlyOnClosedPipe();
  });
  registerServeCommand(program);
  registerMcpCommand(program);
  registerIndexCommand(program);
  registerKeysCommand(program);
  registerAddCommand(program);
  registerSyncCommand(program);
  registerWatchCommand(program);
  registerStoreCommands(program);
  registerTreeCommand(program);
  registerSearchCommand(program);
  registerReindexCommand(program);
  registerShareCommand(program);
  registerDatabaseCommands(program);
  for (const command of program.commands) command.exitOverride().showHelpAfterError().configureOutput(program.configureOutput());
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    if (argv.length <= 2) {
      program.outputHelp();
      process.exitCode = 2;
      return;
    }
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
      process.exit(ok ? 0 : 2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`treeindex: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`treeindex: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

await main(process.argv);
