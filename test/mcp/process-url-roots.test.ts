// process_document beyond TREEINDEX_ALLOWED_ROOTS: http(s) URLs (a local HTTP server stands
// in for the web) and the folders an MCP client offers as its roots.
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer, type McpContext } from "../../src/mcp/server.ts";
import { startServices } from "../helpers/indexed.ts";
import { makeTempHome } from "../helpers/server.ts";
import { failed, ok } from "./harness.ts";

async function connect(context: McpContext, roots?: string[]): Promise<Client> {
  const server = createMcpServer(context);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" }, { capabilities: roots ? { roots: { listChanged: false } } : {} });
  if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })) }));
  await client.connect(clientSide);
  return client;
}

describe("process_document with URLs and client roots", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let small: Awaited<ReturnType<typeof startServices>>;
  let web: http.Server;
  let base: string;
  let pdf: Buffer;
  let chosen: string;
  let elsewhere: string;

  beforeAll(async () => {
    pdf = await fs.readFile("test/fixtures/pdf/R-data.pdf");
    env = await startServices(); // no TREEINDEX_ALLOWED_ROOTS at all
    small = await startServices({ TREEINDEX_MAX_UPLOAD_MB: "0.05" });
    web = http.createServer((req, res) => {
      if (req.url === "/files/R-data.pdf") res.writeHead(200, { "content-type": "application/pdf" }).end(pdf);
      else if (req.url === "/notes") res.writeHead(200, { "content-type": "text/markdown; charset=utf-8" }).end("# Notes\n\nWidgets and gears.\n");
      else if (req.url === "/picture") res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("89504e47", "hex"));
      else if (req.url === "/stream.pdf") {
        // No Content-Length: the limit is counted while streaming.
        res.writeHead(200, { "content-type": "application/pdf", "transfer-encoding": "chunked" });
        res.end(pdf);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    chosen = await makeTempHome("treeindex-roots-");
    elsewhere = await makeTempHome("treeindex-elsewhere-");
    await fs.writeFile(path.join(chosen, "inside.pdf"), pdf);
    await fs.writeFile(path.join(elsewhere, "outside.pdf"), pdf);
  }, 60_000);

  afterAll(async () => {
    web?.close();
    await env?.close();
    await small?.close();
    await fs.rm(chosen, { recursive: true, force: true });
    await fs.rm(elsewhere, { recursive: true, force: true });
  });

  it("indexes a PDF or Markdown file from an http(s) URL, named by the URL", async () => {
    const client = await connect({ services: env.services, user: await env.services.users.ensureUser("local"), localFiles: { allowed: true } });
    const done = ok(await client.callTool({ name: "process_document", arguments: { path: `${base}/files/R-data.pdf`, wait_for_completion: true } }));
    expect(done).toMatchObject({ name: "R-data.pdf", status: "completed" });
    const md = ok(await client.callTool({ name: "process_document", arguments: { path: `${base}/notes`, wait_for_completion: true } }));
    expect(md).toMatchObject({ name: "notes.md", status: "completed" });
    expect(failed(await client.callTool({ name: "process_document", arguments: { path: `${base}/picture` } }), "INVALID_INPUT").error).toMatch(/image\/png, not a document type that is read/);
    expect(failed(await client.callTool({ name: "process_document", arguments: { path: `${base}/missing.pdf` } }), "INVALID_INPUT").error).toMatch(/HTTP 404/);
    await client.close();
  }, 60_000);

  it("refuses a download over the upload limit, and URLs for users who may not read local files", async () => {
    const limited = await connect({ services: small.services, user: await small.services.users.ensureUser("local"), localFiles: { allowed: true } });
    expect(failed(await limited.callTool({ name: "process_document", arguments: { path: `${base}/stream.pdf` } }), "TOO_LARGE").error).toMatch(/TREEINDEX_MAX_UPLOAD_MB/);
    await limited.close();
    const remote = await connect({ services: env.services, user: await env.services.users.ensureUser("bob"), localFiles: { allowed: false } });
    failed(await remote.callTool({ name: "process_document", arguments: { path: `${base}/files/R-data.pdf` } }), "FORBIDDEN_PATH");
    await remote.close();
  });

  it("accepts files under the client's roots, and nothing outside them", async () => {
    const user = await env.services.users.ensureUser("local");
    const withRoots = await connect({ services: env.services, user, localFiles: { allowed: true } }, [chosen]);
    const inside = ok(await withRoots.callTool({ name: "process_document", arguments: { path: path.join(chosen, "inside.pdf") } }));
    expect(inside.name).toBe("inside.pdf");
    expect(failed(await withRoots.callTool({ name: "process_document", arguments: { path: path.join(elsewhere, "outside.pdf") } }), "FORBIDDEN_PATH").error).toMatch(/outside the allowed folders/);
    await withRoots.close();
    // Without the roots capability the same file is refused: no folder was allowed.
    const without = await connect({ services: env.services, user, localFiles: { allowed: true } });
    failed(await without.callTool({ name: "process_document", arguments: { path: path.join(chosen, "inside.pdf") } }), "FORBIDDEN_PATH");
    await without.close();
  });
});
