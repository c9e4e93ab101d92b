import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it, onTestFinished } from "vitest";
import { makeTempHome, startTestServer } from "../helpers/server.ts";
import { storeEnv } from "../helpers/test-store.ts";
import { ok } from "./harness.ts";

// The binary as users run it: the compiled build when fresh (npm install builds it), else the sources via tsx.
const CLI = path.resolve("bin/treeindex.js");

function form(name: string, bytes: Buffer): FormData {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  return data;
}

/** The server entry from claude_desktop_config.example.json, with its placeholders filled in. */
async function exampleConfigServer(home: string, allowedRoot: string, state: Record<string, string> = {}): Promise<{ command: string; args: string[]; env: Record<string, string> }> {
  const config = JSON.parse(await fs.readFile("claude_desktop_config.example.json", "utf8"));
  const entry = config.mcpServers.treeindex as { command: string; args: string[]; env: Record<string, string> };
  const fill = (s: string) => s.replace("/absolute/path/to/treeindex", path.resolve("."));
  return {
    command: entry.command === "node" ? process.execPath : entry.command,
    args: entry.args.map(fill),
    env: { ...entry.env, TREEINDEX_HOME: home, TREEINDEX_ALLOWED_ROOTS: allowedRoot, TREEINDEX_WORKERS: "1", ...state },
  };
}

describe("treeindex mcp (stdio)", () => {
  it("serves a real MCP client started with the example config: index a PDF, wait, read structure, pages and a node", async () => {
    const home = await makeTempHome();
    const docs = await makeTempHome("treeindex-docs-");
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", path.join(docs, "R-data.pdf"));
    // On the postgres project the stdio server's state is a fresh database.
    const state = await storeEnv();
    onTestFinished(() => state.drop());
    const server = await exampleConfigServer(home, docs, state.env);
    expect(server.args[0]).toBe(path.resolve("bin/treeindex.js"));
    const transport = new StdioClientTransport({ ...server, env: { ...(process.env as Record<string, string>), ...server.env }, stderr: "pipe" });
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(transport);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(expect.arrayContaining(["process_document", "get_document", "get_document_structure", "get_page_content", "get_node_content", "health"]));
      const health = ok(await client.callTool({ name: "health", arguments: {} }));
      expect(health).toMatchObject({ status: "ok", version: "0.1.0" });

      const started = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(docs, "R-data.pdf") } }));
      let status = started.status;
      for (let i = 0; i < 5 && status !== "completed"; i++) {
        status = ok(await client.callTool({ name: "get_document", arguments: { doc_id: started.doc_id, wait_for_completion: true } })).status;
      }
      expect(status).toBe("completed");
      const structure = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_name: "R-data", max_depth: 2 } }));
      expect(structure).toMatchObject({ doc_id: started.doc_id, page_count: 41 });
      const section = structure.structure.find((n: { title: string }) => /Spreadsheet/.test(n.title));
      expect(section).toBeDefined();
      const pages = ok(await client.callTool({ name: "get_page_content", arguments: { doc_id: started.doc_id, pages: `${section.start_index}-${section.start_index + 1}` } }));
      expect(pages.content[0].text).toMatch(/[Ss]preadsheet/);
      const node = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: started.doc_id, node_ids: [section.node_id], include_children: true } }));
      expect(node.nodes[0].title).toBe(section.title);
      expect(JSON.stringify(node.nodes[0])).toMatch(/[Ee]xcel|spreadsheet/);
      const found = ok(await client.callTool({ name: "search_documents", arguments: { query: "spreadsheet", doc_id: started.doc_id } }));
      expect(found.pages[0].page).toBeGreaterThan(0);
    } finally {
      await client.close();
      await fs.rm(home, { recursive: true, force: true });
      await fs.rm(docs, { recursive: true, force: true });
    }
  }, 120_000);

  it("the example config's read profile offers reading tools plus process_document; --tools all adds management", async () => {
    const home = await makeTempHome();
    const server = await exampleConfigServer(home, home);
    expect(server.args.slice(-3)).toEqual(["mcp", "--tools", "read"]);
    const open = async (args: string[]) => {
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StdioClientTransport({ ...server, args, env: { ...(process.env as Record<string, string>), ...server.env }, stderr: "pipe" }));
      return client;
    };
    const reader = await open(server.args);
    const all = await open([...server.args.slice(0, -1), "all"]);
    try {
      const readTools = (await reader.listTools()).tools;
      expect(readTools.every((t) => t.annotations?.readOnlyHint === true || t.name === "process_document" || t.name === "sync_folder")).toBe(true);
      expect(readTools.map((t) => t.name)).toEqual(expect.arrayContaining(["process_document", "search_documents", "get_page_content", "get_document_structure"]));
      const refused = (await reader.callTool({ name: "remove_document", arguments: { doc_id: "doc_x" } })) as { isError?: boolean; content: { text: string }[] };
      expect(refused.isError).toBe(true);
      expect(JSON.parse(refused.content[0].text)).toMatchObject({ errorCode: "NOT_FOUND" });
      const allNames = (await all.listTools()).tools.map((t) => t.name);
      expect(allNames).toEqual(expect.arrayContaining(["remove_document", "delete_folder", "set_metadata_schema", "create_folder"]));
      expect(allNames.length).toBeGreaterThan(readTools.length);
    } finally {
      await reader.close();
      await all.close();
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 120_000);

  it("runs beside `serve` on one store: a document indexed over stdio is served by the REST API", async () => {
    const docs = await makeTempHome("treeindex-docs-");
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", path.join(docs, "R-data.pdf"));
    const envKey = "env-key-shared-by-stdio-and-serve-0123456789";
    const rest = await startTestServer({ TREEINDEX_API_KEY: envKey });
    const server = await exampleConfigServer(rest.home, docs, rest.stateEnv);
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(new StdioClientTransport({ ...server, env: { ...(process.env as Record<string, string>), ...server.env }, stderr: "pipe" }));
      const started = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(docs, "R-data.pdf"), wait_for_completion: true } }));
      expect(started.status).toBe("completed");
      // Both act for the local user: the env key's user is the stdio server's user.
      const res = await rest.api(`/doc/${started.doc_id}?include_text=false`, { key: envKey });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ doc_id: started.doc_id, status: "completed", page_count: 41 });
      const { doc_id } = (await (await rest.api("/doc", { method: "POST", key: envKey, body: form("R-data.pdf", await fs.readFile(path.join(docs, "R-data.pdf"))) })).json()) as { doc_id: string };
      const seen = ok(await client.callTool({ name: "get_document", arguments: { doc_id } }));
      // The name was taken (by the stdio upload) in the same folder: the copy got a suffix.
      expect(seen.name).toBe("R-data_1.pdf");
    } finally {
      await client.close();
      await rest.close();
      await fs.rm(docs, { recursive: true, force: true });
    }
  }, 120_000);

  it("writes nothing but JSON-RPC messages on stdout, even with debug logging", async () => {
    const home = await makeTempHome();
    const child = spawn(process.execPath, [CLI, "mcp"], {
      env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_LOG_LEVEL: "trace" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    for (let i = 0; i < 200 && !stdout.includes('"id":1'); i++) await new Promise((r) => setTimeout(r, 50));
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    for (let i = 0; i < 200 && !stdout.includes('"id":2'); i++) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((r) => child.once("exit", r));
    const lines = stdout.split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe("2.0");
    expect(stderr).toMatch(/MCP server on stdio/);
    await fs.rm(home, { recursive: true, force: true });
  });
});
