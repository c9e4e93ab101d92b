/**
 * The stdio server never dies silently: oversized and malformed messages get JSON-RPC
 * errors and the server keeps answering. Unit cases drive the transport over in-memory
 * streams; the last case drives a real `treeindex mcp` process.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { LineStdioTransport } from "../../src/mcp/stdio-transport.ts";
import { makeTempHome } from "../helpers/server.ts";

// The binary as users run it: the compiled build when fresh (npm install builds it), else the sources via tsx.
const CLI = path.resolve("bin/treeindex.js");

function harness(maxBytes: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const warnings: string[] = [];
  const transport = new LineStdioTransport(stdin, stdout, maxBytes, (m) => warnings.push(m));
  const received: unknown[] = [];
  const replies: Array<{ id: unknown; error?: { code: number; message: string } }> = [];
  let pending = "";
  stdout.on("data", (d) => {
    pending += d;
    let i;
    while ((i = pending.indexOf("\n")) >= 0) {
      replies.push(JSON.parse(pending.slice(0, i)));
      pending = pending.slice(i + 1);
    }
  });
  transport.onmessage = (m) => received.push(m);
  return { stdin, transport, received, replies, warnings };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe("LineStdioTransport", () => {
  it("answers an oversized message with -32600 and its id (read from either end), delivered in pieces, then keeps going", async () => {
    const { stdin, transport, received, replies, warnings } = harness(1000);
    await transport.start();
    const big = JSON.stringify({ method: "tools/call", params: { name: "x", arguments: { content: "a".repeat(5000) } }, jsonrpc: "2.0", id: 42 });
    for (let i = 0; i < big.length; i += 700) stdin.write(big.slice(i, i + 700));
    stdin.write("\n");
    stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: "s1", method: "ping" })}\n`);
    const first = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { content: "b".repeat(5000) } });
    stdin.write(`${first}\n`);
    await tick();
    expect(replies[0]).toMatchObject({ id: 42, error: { code: -32600, message: expect.stringMatching(/Message too large: \d+ bytes; the limit on stdio is 1000 bytes/) } });
    expect(replies[1]).toMatchObject({ id: 7, error: { code: -32600 } });
    expect(received).toEqual([{ jsonrpc: "2.0", id: "s1", method: "ping" }]);
    expect(warnings).toHaveLength(2);
  });

  it("answers a line that is not JSON with -32700 and a non-JSON-RPC value with -32600", async () => {
    const { stdin, transport, received, replies } = harness(1000);
    await transport.start();
    stdin.write("this is not json\n");
    stdin.write('{"hello": 1, "id": 3}\n');
    stdin.write('{"jsonrpc":"2.0","id":4,"method":"ping"}\r\n');
    await tick();
    expect(replies).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } },
      { jsonrpc: "2.0", id: 3, error: { code: -32600, message: expect.stringMatching(/Invalid Request/) } },
    ]);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 4, method: "ping" }]);
  });

  it("reports the end of stdin as a close", async () => {
    const { stdin, transport } = harness(1000);
    let closed = false;
    transport.onclose = () => (closed = true);
    await transport.start();
    stdin.end();
    await tick();
    expect(closed).toBe(true);
  });
});

describe("treeindex mcp with oversized and broken messages", () => {
  it("an 11 MB call and a 17 MB message get errors, a broken line gets -32700, and tools/list still answers", async () => {
    const home = await makeTempHome();
    const child = spawn(process.execPath, [CLI, "mcp"], { env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1" }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const replies = () => stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const replyTo = async (id: unknown) => {
      for (let i = 0; i < 600; i++) {
        const found = replies().find((r) => r.id === id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no reply to ${String(id)}; got ${stdout.slice(0, 500)}`);
    };
    const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
    try {
      send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
      await replyTo(1);
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      // 11 MB: within the transport's limit, over the tool's own input limit: a tool error.
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "markdown_to_tree", arguments: { content: "# T\n" + "x".repeat(11 * 1024 * 1024), file_name: "big.md" } } });
      const tooBigForTool = await replyTo(2);
      expect(tooBigForTool.result.isError).toBe(true);
      expect(tooBigForTool.result.content[0].text).toMatch(/INVALID_INPUT/);
      // 17 MB: over the transport's limit: a JSON-RPC error with the request's id.
      send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "markdown_to_tree", arguments: { content: "y".repeat(17 * 1024 * 1024) } } });
      expect((await replyTo(3)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/Message too large/) });
      child.stdin.write("{broken json\n");
      for (let i = 0; i < 100 && !replies().some((r) => r.error?.code === -32700); i++) await new Promise((r) => setTimeout(r, 50));
      expect(replies().some((r) => r.id === null && r.error?.code === -32700)).toBe(true);
      send({ jsonrpc: "2.0", id: 4, method: "tools/list" });
      expect((await replyTo(4)).result.tools.length).toBeGreaterThan(10);
      expect(child.exitCode).toBeNull();
    } finally {
      child.stdin.end();
      await new Promise((r) => child.once("exit", r));
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("clean restarts of the stdio server", () => {
  it("three clean restarts while a PDF indexes do not use up its attempts; it completes after the fourth start", async () => {
    const home = await makeTempHome();
    const docs = await makeTempHome("treeindex-docs-");
    await fs.copyFile("test/fixtures/pdf/R-intro.pdf", path.join(docs, "R-intro.pdf"));
    const { openStore } = await import("../../src/store/index.ts");
    const start = () => {
      const child = spawn(process.execPath, [CLI, "mcp"], { env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1", TREEINDEX_ALLOWED_ROOTS: docs }, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      child.stdout.on("data", (d) => (stdout += d));
      const send = (msg: unknown) => child.stdin.write(`${JSON.stringify(msg)}\n`);
      const replyTo = async (id: number) => {
        for (let i = 0; i < 600; i++) {
          const line = stdout.split("\n").find((l) => l.includes(`"id":${id}`));
          if (line) return JSON.parse(line);
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error(`no reply to ${id}`);
      };
      return { child, send, replyTo };
    };
    const stopCleanly = async (child: ReturnType<typeof start>["child"]) => {
      child.stdin.end(); // what a desktop client does when it restarts its server
      const code = await new Promise((r) => child.once("exit", r));
      expect(code).toBe(0);
    };
    const jobOf = async (docId: string) => {
      const store = await openStore(home);
      const job = (await store.read((tx) => tx.jobs.find({ docId })))[0];
      await store.close();
      return job;
    };
    try {
      let server = start();
      server.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
      await server.replyTo(1);
      server.send({ jsonrpc: "2.0", method: "notifications/initialized" });
      server.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "process_document", arguments: { path: path.join(docs, "R-intro.pdf") } } });
      const docId = JSON.parse((await server.replyTo(2)).result.content[0].text).doc_id as string;
      for (let restart = 0; restart < 3; restart++) {
        // Let the job get claimed, then stop in the middle of it.
        for (let i = 0; i < 200 && (await jobOf(docId))?.status !== "processing"; i++) await new Promise((r) => setTimeout(r, 25));
        await stopCleanly(server.child);
        const back = await jobOf(docId);
        expect(back).toMatchObject({ status: "queued", attempts: 0 });
        server = start();
      }
      for (let i = 0; i < 1200 && (await jobOf(docId))?.status !== "completed"; i++) await new Promise((r) => setTimeout(r, 50));
      const done = await jobOf(docId);
      expect(done).toMatchObject({ status: "completed", attempts: 1 });
      await stopCleanly(server.child);
      const store = await openStore(home);
      expect((await store.read((tx) => tx.documents.get(docId)))?.status).toBe("completed");
      await store.close();
    } finally {
      await fs.rm(home, { recursive: true, force: true });
      await fs.rm(docs, { recursive: true, force: true });
    }
  }, 120_000);
});
