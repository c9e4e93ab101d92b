import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let bob: string;
let carol: string;
const JSON_HEADERS = { "content-type": "application/json" };

function call(method: string, route: string, body?: unknown, key?: string): Promise<Response> {
  return server.api(route, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: JSON_HEADERS, key });
}

async function folder(name: string, parent?: string, query = ""): Promise<string> {
  return (await json(await call("POST", `/folder${query}`, { name, parent_folder_id: parent }))).id;
}

async function upload(name: string, folderId?: string, query = "", key?: string): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([`# ${name}\n\nText.\n`]), name);
  if (folderId) data.set("folder_id", folderId);
  const res = await server.api(`/doc${query}`, { method: "POST", body: data, key });
  expect(res.status).toBe(200);
  return (await json(res)).doc_id;
}

async function listed(params: string, key: string): Promise<Array<{ name: string; path: string | null }>> {
  const res = await server.api(`/docs?${params}`, { key });
  expect(res.status).toBe(200);
  return (await json(res)).documents.map((d: any) => ({ name: d.name, path: d.path })).sort((a: any, b: any) => a.name.localeCompare(b.name));
}

beforeAll(async () => {
  server = await startTestServer();
  bob = (await server.services.users.createKey("bob")).key;
  carol = (await server.services.users.createKey("carol")).key;
});
afterAll(() => server.close());

describe("shares", () => {
  it("a document shared with a user is readable by them, listed in shared-with-me, and stays owner-only for writes", async () => {
    const doc = await upload("memo.md");
    expect((await server.api(`/doc/${doc}`, { key: bob })).status).toBe(404);
    const res = await call("POST", "/shares", { doc_id: doc, with_user: "bob" });
    expect(res.status).toBe(200);
    const share = await json(res);
    expect(share).toMatchObject({ target_type: "document", target_id: doc, target_name: "memo.md", kind: "user", owner: "alice", shared_with: "bob" });
    expect((await json(await call("POST", "/shares", { doc_id: doc, with_user: "bob" }))).id).toBe(share.id);

    expect((await server.api(`/doc/${doc}`, { key: bob })).status).toBe(200);
    expect((await json(await server.api(`/doc/${doc}/metadata`, { key: bob }))).name).toBe("memo.md");
    expect(await listed("folder_id=shared-with-me", bob)).toEqual([{ name: "memo.md", path: null }]);
    expect(await listed("", bob)).toEqual([]); // shared documents are not the caller's own
    expect(await listed("folder_id=shared-with-me", carol)).toEqual([]);
    expect((await server.api(`/doc/${doc}`, { key: carol })).status).toBe(404);

    const put = await call("PUT", `/doc/${doc}/metadata`, { hacked: true }, bob);
    expect(put.status).toBe(403);
    expect((await json(put)).detail).toContain("owner");
    expect((await call("DELETE", `/doc/${doc}`, undefined, bob)).status).toBe(403);
    expect((await call("PUT", `/doc/${doc}/metadata`, { ok: true })).status).toBe(200);

    const shares = await json(await server.api("/shares", { key: bob }));
    expect(shares.received.map((s: any) => s.id)).toEqual([share.id]);
    expect((await call("DELETE", `/shares/${share.id}`, undefined, bob)).status).toBe(404);
    expect((await call("DELETE", `/shares/${share.id}`)).status).toBe(200);
    expect((await server.api(`/doc/${doc}`, { key: bob })).status).toBe(404);
    expect(await listed("folder_id=shared-with-me", bob)).toEqual([]);
  });

  it("a shared folder: recursive=false lists only directly shared documents, recursive=true the folder's subtree with paths from it", async () => {
    const ws = await folder("Private WS");
    const shared = await folder("Team", ws);
    const sub = await folder("Sub", shared);
    await upload("in-team.md", shared);
    await upload("in-sub.md", sub);
    await upload("outside.md", ws);
    const direct = await upload("direct.md", ws);
    await call("POST", "/shares", { folder_id: shared, with_user: "bob" });
    await call("POST", "/shares", { doc_id: direct, with_user: "bob" });

    expect(await listed("folder_id=shared-with-me", bob)).toEqual([{ name: "direct.md", path: null }]);
    expect(await listed("folder_id=shared-with-me&recursive=true", bob)).toEqual([
      { name: "direct.md", path: null },
      { name: "in-sub.md", path: "Team/Sub" },
      { name: "in-team.md", path: "Team" },
    ]);
    // Folder shares grant reading the documents inside, and nothing above.
    const inSub = (await json(await server.api("/docs?folder_id=shared-with-me&recursive=true&name=in-sub.md", { key: bob }))).documents[0];
    expect((await server.api(`/doc/${inSub.id}`, { key: bob })).status).toBe(200);
    // Bob still cannot list or use the folder as his own.
    expect((await server.api(`/docs?folder_id=${shared}`, { key: bob })).status).toBe(404);
    // The listing filters still apply in shared scopes.
    expect((await json(await server.api(`/docs?folder_id=shared-with-me&recursive=true&limit=1`, { key: bob }))).total).toBe(3);
  });

  it("official shares are followed and listed under following", async () => {
    const ws = await folder("Handbook");
    await upload("policy.md", ws);
    const officialDoc = await upload("notice.md");
    const pub = await json(await call("POST", "/shares", { folder_id: ws, official: true }));
    const pubDoc = await json(await call("POST", "/shares", { doc_id: officialDoc, official: true }));
    expect(pub).toMatchObject({ kind: "official", shared_with: null, following: false });

    const discover = await json(await server.api("/shares/official", { key: carol }));
    expect(discover.shares.map((s: any) => s.id)).toEqual(expect.arrayContaining([pub.id, pubDoc.id]));
    expect(await listed("folder_id=following&recursive=true", carol)).toEqual([]);
    expect((await call("POST", `/shares/${pub.id}/follow`, undefined, carol)).status).toBe(200);
    expect((await json(await call("POST", `/shares/${pubDoc.id}/follow`, undefined, carol))).following).toBe(true);
    expect(await listed("folder_id=following", carol)).toEqual([{ name: "notice.md", path: null }]);
    expect(await listed("folder_id=following&recursive=true", carol)).toEqual([
      { name: "notice.md", path: null },
      { name: "policy.md", path: "Handbook" },
    ]);
    expect(await listed("folder_id=shared-with-me&recursive=true", carol)).toEqual([]);
    expect(await listed("folder_id=following&recursive=true", bob)).toEqual([]);
    expect((await json(await server.api("/shares", { key: carol }))).following).toHaveLength(2);

    expect((await call("DELETE", `/shares/${pub.id}/follow`, undefined, carol)).status).toBe(200);
    expect(await listed("folder_id=following&recursive=true", carol)).toEqual([{ name: "notice.md", path: null }]);
    expect((await call("DELETE", `/shares/${pub.id}/follow`, undefined, carol)).status).toBe(404);
    expect((await call("POST", `/shares/${pub.id}/follow`)).status).toBe(422); // own share
  });

  it("validates share requests: one target, one audience, own resources, known users", async () => {
    const doc = await upload("x.md");
    const ws = await folder("X");
    expect((await call("POST", "/shares", { doc_id: doc, folder_id: ws, with_user: "bob" })).status).toBe(422);
    expect((await call("POST", "/shares", { with_user: "bob" })).status).toBe(422);
    expect((await call("POST", "/shares", { doc_id: doc })).status).toBe(422);
    expect((await call("POST", "/shares", { doc_id: doc, with_user: "bob", official: true })).status).toBe(422);
    expect((await call("POST", "/shares", { doc_id: doc, with_user: "alice" })).status).toBe(422);
    expect((await call("POST", "/shares", { doc_id: doc, with_user: "nobody" })).status).toBe(404);
    expect((await call("POST", "/shares", { doc_id: doc, with_user: "alice" }, bob)).status).toBe(404); // not bob's
    expect((await call("POST", "/shares/shr_nope/follow", undefined, bob)).status).toBe(404);
  });

  it("deleting a shared folder or document removes its shares", async () => {
    const ws = await folder("Temp");
    await upload("t.md", ws);
    const share = await json(await call("POST", "/shares", { folder_id: ws, with_user: "bob" }));
    for (let i = 0; i < 100 && (await json(await server.api(`/docs?folder_id=${ws}`))).documents.some((d: any) => d.status === "queued" || d.status === "processing"); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await call("DELETE", `/folder/${ws}`)).status).toBe(200);
    expect((await json(await server.api("/shares", { key: bob }))).received.map((s: any) => s.id)).not.toContain(share.id);

    const doc = await upload("gone.md");
    const docShare = await json(await call("POST", "/shares", { doc_id: doc, with_user: "bob" }));
    expect((await call("DELETE", `/doc/${doc}`)).status).toBe(200);
    expect((await json(await server.api("/shares", { key: bob }))).received.map((s: any) => s.id)).not.toContain(docShare.id);
  });
});

describe("teamspaces", () => {
  it("members act in the team's space with teamspace_id; non-members get 403", async () => {
    const team = await json(await call("POST", "/teamspaces", { name: "Research", members: ["bob"] }));
    expect(team).toMatchObject({ name: "Research", members: ["alice", "bob"] });
    const scope = `?teamspace_id=${team.id}`;

    const ws = await folder("Team WS", undefined, scope);
    const doc = await upload("team-doc.md", ws, scope);
    expect(await listed(`teamspace_id=${team.id}&folder_id=${ws}`, bob)).toEqual([{ name: "team-doc.md", path: "Team WS" }]);
    expect((await listed("", bob)).map((d) => d.name)).not.toContain("team-doc.md");
    expect((await server.api(`/doc/${doc}`)).status).toBe(404); // not alice's own space
    expect((await server.api(`/doc/${doc}${scope}`, { key: bob })).status).toBe(200);

    // Schemas and metadata are scoped to the team too.
    expect((await call("PUT", `/folder/root/metadata/schema${scope}`, { fields: { stage: { type: "string" } } })).status).toBe(200);
    expect(await json(await server.api("/folder/root/metadata/schema"))).toBeNull();
    expect((await call("PUT", `/doc/${doc}/metadata${scope}`, { stage: 3 }, bob)).status).toBe(422);
    expect((await call("PUT", `/doc/${doc}/metadata${scope}`, { stage: "draft" }, bob)).status).toBe(200);

    for (const route of [`/docs${scope}`, `/folders${scope}`, `/doc/${doc}${scope}`, `/folder/root/metadata/schema${scope}`]) {
      const res = await server.api(route, { key: carol });
      expect(res.status, route).toBe(403);
      expect(typeof (await json(res)).detail).toBe("string");
    }
    expect((await server.api(`/docs?teamspace_id=tms_unknown`)).status).toBe(403);
    expect((await call("POST", `/teamspaces/${team.id}/members`, { user: "carol" }, carol)).status).toBe(403);
    expect((await json(await call("POST", `/teamspaces/${team.id}/members`, { user: "carol" }, bob))).members).toEqual(["alice", "bob", "carol"]);
    expect((await server.api(`/docs${scope}`, { key: carol })).status).toBe(200);
    expect((await json(await server.api("/teamspaces", { key: carol }))).teamspaces.map((t: any) => t.id)).toEqual([team.id]);
    expect((await call("DELETE", `/teamspaces/${team.id}/members/carol`)).status).toBe(200);
    expect((await server.api(`/docs${scope}`, { key: carol })).status).toBe(403);
  });
});

describe("treeindex share (CLI)", () => {
  const exec = promisify(execFile);
  // The binary as users run it: the compiled build when fresh (npm install builds it), else the sources via tsx.
const CLI = path.resolve("bin/treeindex.js");
  const run = async (args: string[]) => {
    try {
      const { stdout, stderr } = await exec(process.execPath, [CLI, "--home", server.home, "share", ...args], { env: { ...process.env, ...server.stateEnv } });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it("shares, lists, follows and revokes on the same store the server uses", async () => {
    const doc = await upload("cli.md");
    const added = await run(["add", "--as", "alice", "--doc", doc, "--with", "carol"]);
    expect(added.code).toBe(0);
    const share = JSON.parse(added.stdout);
    expect(share).toMatchObject({ target_id: doc, shared_with: "carol" });
    expect(await listed("folder_id=shared-with-me", carol)).toEqual([{ name: "cli.md", path: null }]);
    expect((await run(["revoke", share.id, "--as", "alice"])).code).toBe(0);
    expect(await listed("folder_id=shared-with-me", carol)).toEqual([]);

    const official = JSON.parse((await run(["add", "--as", "alice", "--doc", doc, "--official"])).stdout);
    expect((await run(["follow", official.id, "--as", "bob"])).code).toBe(0);
    expect(await listed("folder_id=following", bob)).toEqual([{ name: "cli.md", path: null }]);

    const team = JSON.parse((await run(["teamspace", "create", "--as", "alice", "--name", "Ops", "--member", "bob"])).stdout);
    expect(team.members).toEqual(["alice", "bob"]);

    const unknown = await run(["list", "--as", "nobody"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("User nobody not found");
  }, 300_000); // each call starts a tsx process: slow on a loaded 2-core machine
});
