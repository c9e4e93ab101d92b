import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import type { UserService } from "../core/users.ts";

async function withUsers<T>(command: Command, fn: (users: UserService) => Promise<T>): Promise<T> {
  const config = loadConfig(command.optsWithGlobals());
  // Loaded when the command runs, not when the CLI starts (`treeindex mcp` must start fast).
  const [{ openStore }, { UserService }] = await Promise.all([import("../store/index.ts"), import("../core/users.ts")]);
  const store = await openStore(config.home, { databaseUrl: config.databaseUrl, s3: config.s3 });
  try {
    return await fn(new UserService(store));
  } finally {
    await store.close();
  }
}

export function registerKeysCommand(program: Command): void {
  const keys = program.command("keys").description("manage API keys (create, list, revoke)");
  keys
    .command("create")
    .description("create a key for a user (created if new); prints the key once")
    .requiredOption("--user <name>", "user the key belongs to")
    .option("--label <text>", "a note to recognise the key by")
    .action(async (opts: { user: string; label?: string }, command: Command) => {
      const created = await withUsers(command, (users) => users.createKey(opts.user, opts.label));
      process.stdout.write(`${created.key}\n`);
      process.stderr.write(`key id ${created.record.id} for user "${created.user.name}" (store this key now; it is not shown again)\n`);
    });
  keys
    .command("list")
    .description("list keys (ids, users, dates; never the keys)")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      const list = await withUsers(command, (users) => users.listKeys());
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      for (const k of list) {
        process.stdout.write(`${k.id}\t${k.userName}\t${k.createdAt}\t${k.revokedAt ? `revoked ${k.revokedAt}` : "active"}${k.label ? `\t${k.label}` : ""}\n`);
      }
    });
  keys
    .command("revoke")
    .description("revoke a key by its id (see keys list)")
    .argument("<key-id>")
    .action(async (keyId: string, _opts: unknown, command: Command) => {
      await withUsers(command, (users) => users.revokeKey(keyId));
      process.stderr.write(`revoked ${keyId}\n`);
    });
}
