// `~` at the start of a path given to process_document is the user's home, as a shell would
// read it (an AI client passes the user's "~/Documents/x.pdf" unexpanded); the allowed-roots
// check then applies to the expanded path as to any other. HOME points at a temporary folder
// (os.homedir() reads it), restored afterwards.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServices } from "../helpers/indexed.ts";
import { makeTempHome } from "../helpers/server.ts";
import { connectInMemory, failed, ok } from "./harness.ts";

const savedHome = process.env.HOME;
let userHome: string;
let env: Awaited<ReturnType<typeof startServices>>;
let client: Client;

beforeAll(async () => {
  userHome = await makeTempHome("treeindex-user-home-");
  process.env.HOME = userHome;
  await fs.mkdir(path.join(userHome, "Documents"));
  await fs.writeFile(path.join(userHome, "Documents", "notes.md"), "# Notes\n\nThe pump needs a check.\n");
  await fs.writeFile(path.join(userHome, "private.md"), "# Private\n\nNot for the assistant.\n");
  env = await startServices({ TREEINDEX_ALLOWED_ROOTS: path.join(userHome, "Documents") });
  const user = await env.services.users.ensureUser("local");
  client = await connectInMemory({ services: env.services, user });
}, 60_000);
afterAll(async () => {
  await client?.close();
  await env?.close();
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  await fs.rm(userHome, { recursive: true, force: true });
});

describe("process_document with ~/…", () => {
  it("indexes a file under the user's home, within the allowed roots", async () => {
    expect(os.homedir()).toBe(userHome);
    const processed = ok(await client.callTool({ name: "process_document", arguments: { path: "~/Documents/notes.md", wait_for_completion: true } }));
    expect(processed).toMatchObject({ name: "notes.md", status: "completed" });
  });

  it("still refuses what lies outside the allowed roots, and ~user paths", async () => {
    const outside = failed(await client.callTool({ name: "process_document", arguments: { path: "~/private.md" } }), "FORBIDDEN_PATH");
    expect(outside.error).toContain(path.join(userHome, "private.md"));
    failed(await client.callTool({ name: "process_document", arguments: { path: "~/Documents/../private.md" } }), "FORBIDDEN_PATH");
    failed(await client.callTool({ name: "process_document", arguments: { path: "~someone/Documents/notes.md" } }), "INVALID_INPUT");
  });
});
