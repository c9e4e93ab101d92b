/**
 * Progress notifications for a request may only arrive while it is in flight (MCP
 * specification, "Progress"): never after its result. The SDK's client reports a late one
 * as "Received a progress notification for an unknown token", and so it does when the last
 * notification and the result are read in one chunk (see src/mcp/progress-quiet.ts). Many
 * waiting `process_document` calls on one connection, interleaved with other calls, with
 * every message the client receives recorded in arrival order; over stdio and HTTP.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, onTestFinished } from "vitest";
import { makePdf } from "../helpers/pdf.ts";
import { makeTempHome, startTestServer } from "../helpers/server.ts";
import { storeEnv } from "../helpers/test-store.ts";
import { ok } from "./harness.ts";

const CLI = path.resolve("bin/treeindex.js");
const CALLS = 50;
const PARA = "Each page carries enough ordinary words to be read as the body text of a small report.";

/** CALLS small files, every third one Markdown, the PDFs of 2 to 5 pages. */
async function makeFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < CALLS; i++) {
    const file = path.join(dir, `report-${i}.${i % 3 === 0 ? "md" : "pdf"}`);
    if (i % 3 === 0) await fs.writeFile(file, `# Report ${i}\n\n${PARA}\n\n## Findings ${i}\n\n${PARA}\n`);
    else await fs.writeFile(file, await makePdf(Array.from({ length: 2 + (i % 4) }, (_, p) => ({ lines: [`# ${p + 1} Part ${p} of report ${i}`, PARA, PARA] }))));
    files.push(file);
  }
  return files;
}

/** Connects, recording every message the client's transport delivers, in order. */
async function connectRecording(transport: Transport): Promise<{ client: Client; arrivals: JSONRPCMessage[]; protocolErrors: string[] }> {
  const client = new Client({ name: "order-test", version: "1.0.0" });
  const protocolErrors: string[] = [];
  client.onerror = (error) => protocolErrors.push(error.message);
  await client.connect(transport);
  const arrivals: JSONRPCMessage[] = [];
  const deliver = transport.onmessage!;
  transport.onmessage = ((message: JSONRPCMessage, extra?: unknown) => {
    arrivals.push(message);
    (deliver as (m: JSONRPCMessage, e?: unknown) => void)(message, extra);
  }) as Transport["onmessage"];
  return { client, arrivals, protocolErrors };
}

async function callInterleaved(client: Client, files: string[]): Promise<Map<number, number>> {
  const progressSeen = new Map<number, number>();
  const calls: Promise<unknown>[] = [];
  files.forEach((file, i) => {
    calls.push(
      client
        .callTool({ name: "process_document", arguments: { path: file, wait_for_completion: true } }, undefined, {
          onprogress: () => progressSeen.set(i, (progressSeen.get(i) ?? 0) + 1),
          timeout: 120_000,
        })
        .then((result) => expect(ok(result).status).toBe("completed")),
    );
    // Other calls on the same connection between the waiting ones.
    if (i % 5 === 0) calls.push(client.callTool({ name: "health", arguments: {} }).then(ok));
    if (i % 7 === 0) calls.push(client.callTool({ name: "list_documents", arguments: {} }).then(ok));
    if (i % 11 === 0) calls.push(client.ping());
  });
  await Promise.all(calls);
  return progressSeen;
}

/** Connects over `transport`, makes the interleaved calls, and checks what the client saw. */
async function expectProgressInFlightOnly(transport: Transport, files: string[]): Promise<void> {
  const { client, arrivals, protocolErrors } = await connectRecording(transport);
  onTestFinished(() => client.close());
  const progressSeen = await callInterleaved(client, files);
  expect(protocolErrors).toEqual([]);
  // Every call was told of progress (at least the last notification, when indexing ended).
  expect(progressSeen.size).toBe(CALLS);
  expectProgressBeforeResults(arrivals);
}

function expectProgressBeforeResults(arrivals: JSONRPCMessage[]): void {
  const answered = new Set<string | number>();
  let progressMessages = 0;
  for (const message of arrivals) {
    if ("id" in message && ("result" in message || "error" in message)) answered.add(message.id as string | number);
    if ("method" in message && message.method === "notifications/progress") {
      progressMessages++;
      const token = (message.params as { progressToken: string | number }).progressToken;
      expect(answered.has(token), `progress for request ${token} after its result`).toBe(false);
    }
  }
  expect(progressMessages).toBeGreaterThanOrEqual(CALLS);
}

describe("MCP progress never follows its result", () => {
  it(`stdio: ${CALLS} waiting process_document calls with progress tokens, interleaved with other calls on one connection`, async () => {
    const home = await makeTempHome();
    const docs = await makeTempHome("treeindex-docs-");
    onTestFinished(() => fs.rm(home, { recursive: true, force: true }));
    onTestFinished(() => fs.rm(docs, { recursive: true, force: true }));
    const files = await makeFiles(docs);
    const state = await storeEnv();
    onTestFinished(() => state.drop());
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--tools", "all"],
      env: { ...(process.env as Record<string, string>), TREEINDEX_HOME: home, TREEINDEX_ALLOWED_ROOTS: docs, TREEINDEX_WORKERS: "2", ...state.env },
      stderr: "pipe",
    });
    await expectProgressInFlightOnly(transport, files);
  }, 240_000);

  it(`HTTP (/mcp): the same ${CALLS} calls on one session`, async () => {
    const docs = await makeTempHome("treeindex-docs-");
    onTestFinished(() => fs.rm(docs, { recursive: true, force: true }));
    const files = await makeFiles(docs);
    const server = await startTestServer({ TREEINDEX_ALLOWED_ROOTS: docs, TREEINDEX_LOCAL_FILE_USERS: "alice" });
    onTestFinished(() => server.close());
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { api_key: server.key } } });
    await expectProgressInFlightOnly(transport, files);
  }, 240_000);
});
