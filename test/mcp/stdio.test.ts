import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { makeTempHome } from "../helpers/server.ts";

const CLI = path.resolve("src/cli.ts");

describe("treeindex mcp (stdio)", () => {
  it("answers a real MCP client: tools list and a tool call", async () => {
    const home = await makeTempHome();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", CLI, "mcp"],
      env: { ...(process.env as Record<string, string>), TREEINDEX_HOME: home, TREEINDEX_LOG_LEVEL: "debug" },
      stderr: "pipe",
    });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("service_status");
    const result = await client.callTool({ name: "service_status", arguments: {} });
    expect(result.structuredContent).toMatchObject({ status: "ok", version: "0.1.0" });
    await client.close();
    await fs.rm(home, { recursive: true, force: true });
  });

  it("writes nothing but JSON-RPC messages on stdout, even with debug logging", async () => {
    const home = await makeTempHome();
    const child = spawn(process.execPath, ["--import", "tsx", CLI, "mcp"], {
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
