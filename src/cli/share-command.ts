/**
 * `treeindex share ...`: shares, follows and teamspaces from the command line, acting as a
 * named user (`--as`) directly on the store, like `keys`. Results go to stdout as JSON.
 */
import type { Command } from "commander";
import { loadConfig } from "../config.ts";
import { NotFoundError } from "../core/errors.ts";
import type { ShareService } from "../core/shares/service.ts";
import type { TeamspaceService } from "../core/shares/teamspaces.ts";
import type { UserRecord } from "../store/index.ts";

interface Tools {
  shares: ShareService;
  teamspaces: TeamspaceService;
  user: UserRecord;
}

async function asUser<T>(command: Command, name: string, fn: (tools: Tools) => Promise<T>): Promise<void> {
  const config = loadConfig(command.optsWithGlobals());
  // Loaded when the command runs, not when the CLI starts.
  const [{ openStore }, { ShareService }, { TeamspaceService }] = await Promise.all([import("../store/index.ts"), import("../core/shares/service.ts"), import("../core/shares/teamspaces.ts")]);
  const store = await openStore(config.home, { databaseUrl: config.databaseUrl, s3: config.s3 });
  try {
    const [user] = await store.read((tx) => tx.users.find({ name }, { limit: 1 }));
    if (!user) throw new NotFoundError(`User ${name} not found (create one with: treeindex keys create --user ${name})`);
    const result = await fn({ shares: new ShareService(store), teamspaces: new TeamspaceService(store), user });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await store.close();
  }
}

const AS = ["--as <user>", "user name to act as"] as const;

export function registerShareCommand(program: Command): void {
  const share = program.command("share").description("share documents and folders, follow official shares, manage teamspaces");
  share
    .command("add")
    .description("share a document or folder with a user (--with) or publish it as official (--official)")
    .requiredOption(...AS)
    .option("--doc <id>", "document id")
    .option("--folder <id>", "folder id")
    .option("--with <user>", "user name to share with")
    .option("--official", "publish as an official share anyone can follow")
    .action(async (o: { as: string; doc?: string; folder?: string; with?: string; official?: boolean }, command: Command) => {
      if (!o.doc === !o.folder) command.error("give exactly one of --doc or --folder", { exitCode: 2 });
      if (!o.with === !o.official) command.error("give exactly one of --with or --official", { exitCode: 2 });
      await asUser(command, o.as, ({ shares, user }) => shares.share(user, { doc_id: o.doc, folder_id: o.folder, with_user: o.with, official: o.official }));
    });
  share
    .command("list")
    .description("shares you made, received and follow")
    .requiredOption(...AS)
    .action(async (o: { as: string }, command: Command) => asUser(command, o.as, ({ shares, user }) => shares.list(user)));
  share
    .command("official")
    .description("all official shares (to follow)")
    .requiredOption(...AS)
    .action(async (o: { as: string }, command: Command) => asUser(command, o.as, ({ shares, user }) => shares.official(user)));
  share
    .command("revoke")
    .description("revoke a share you made")
    .argument("<share-id>")
    .requiredOption(...AS)
    .action(async (id: string, o: { as: string }, command: Command) => asUser(command, o.as, ({ shares, user }) => shares.revoke(user, id)));
  share
    .command("follow")
    .description("follow an official share")
    .argument("<share-id>")
    .requiredOption(...AS)
    .action(async (id: string, o: { as: string }, command: Command) => asUser(command, o.as, ({ shares, user }) => shares.follow(user, id)));
  share
    .command("unfollow")
    .description("stop following an official share")
    .argument("<share-id>")
    .requiredOption(...AS)
    .action(async (id: string, o: { as: string }, command: Command) => asUser(command, o.as, ({ shares, user }) => shares.unfollow(user, id)));

  const team = share.command("teamspace").description("teamspaces: members pass teamspace_id to act in the team's space");
  team
    .command("create")
    .description("create a teamspace (you are a member)")
    .requiredOption(...AS)
    .requiredOption("--name <name>", "teamspace name")
    .option("--member <user...>", "user names to add")
    .action(async (o: { as: string; name: string; member?: string[] }, command: Command) =>
      asUser(command, o.as, ({ teamspaces, user }) => teamspaces.create(user, o.name, o.member ?? [])),
    );
  team
    .command("list")
    .description("teamspaces you are a member of")
    .requiredOption(...AS)
    .action(async (o: { as: string }, command: Command) => asUser(command, o.as, ({ teamspaces, user }) => teamspaces.list(user)));
  team
    .command("add-member")
    .description("add a member (members only)")
    .argument("<teamspace-id>")
    .argument("<user>")
    .requiredOption(...AS)
    .action(async (id: string, member: string, o: { as: string }, command: Command) => asUser(command, o.as, ({ teamspaces, user }) => teamspaces.addMember(user, id, member)));
}
