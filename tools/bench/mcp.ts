/**
 * MCP figures over the real stdio server (the desktop-client path): start to `initialize`
 * answered, then `tools/list` and `get_document_structure` latency on octave.pdf's tree
 * (1158 pages). The octave part is skipped without the corpus.
 */
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { loadConfig } from "../../src/config.ts";
import { createServices } from "../../src/core/services.ts";
import { createLogger } from "../../src/logger.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "mcp";
const BIN = fileURLToPath(new URL("../../bin/treeindex.js", import.meta.url));
const CORPUS_PDF = path.resolve(fileURLToPath(new URL("../../../shared/corpus/pdf", import.meta.url)));
const OCTAVE = path.join(CORPUS_PDF, "octave.pdf");
const STARTS = 5;
const CALLS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function startClient(home: string, allowedRoot?: string, fromSource = false): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp"],
    env: {
      ...(process.env as Record<string, string>),
      TREEINDEX_HOME: home,
      TREEINDEX_LOG_LEVEL: "warn",
      ...(allowedRoot ? { TREEINDEX_ALLOWED_ROOTS: allowedRoot } : {}),
      ...(fromSource ? { TREEINDEX_FROM_SOURCE: "1" } : {}),
    },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  return client;
}

async function timeCalls(fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up: first call parses and caches the tree
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times;
}

function structured(result: unknown): Record<string, unknown> {
  const r = result as { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] };
  if (r.isError) throw new Error(r.content[0].text);
  return r.structuredContent!;
}

/** tools/list without process scheduling in the way: what the server itself costs. */
async function inProcessToolsList(home: string): Promise<BenchFigure> {
  const services = await createServices(loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1" }), createLogger("silent"), { runJobs: false });
  const server = createMcpServer({ services, user: await services.users.ensureUser("local"), localFiles: { allowed: true } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(clientSide);
  try {
    const times = await timeCalls(() => client.request({ method: "tools/list" }, ListToolsResultSchema));
    return { group: GROUP, name: "tools/list p50 (in-process)", value: round(percentile(times, 50)), unit: "ms", note: `p95 ${round(percentile(times, 95))} ms; the server's own cost` };
  } finally {
    await client.close();
    await services.close();
  }
}

export async function mcpBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-bench-mcp-"));
  try {
    const starts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const t0 = performance.now();
      const client = await startClient(home);
      starts.push(performance.now() - t0);
      await client.close();
    }
    const built = existsSync(fileURLToPath(new URL("../../dist/.build-stamp", import.meta.url)));
    const sourceStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const t0 = performance.now();
      const client = await startClient(home, undefined, true);
      sourceStarts.push(performance.now() - t0);
      await client.close();
    }
    figures.push(
      { group: GROUP, name: "stdio start to initialize answered (median of 5)", value: Math.round(percentile(starts, 50)), unit: "ms", note: `target < 1000 ms; ${built ? "the compiled build (dist/) when fresh" : "no build: from the sources"}` },
      { group: GROUP, name: "  the same from the TypeScript sources through tsx", value: Math.round(percentile(sourceStarts, 50)), unit: "ms", note: "TREEINDEX_FROM_SOURCE=1 (what every start cost before the build)" },
    );

    figures.push(await inProcessToolsList(home));

    let octaveAvailable = true;
    await fs.access(OCTAVE).catch(() => (octaveAvailable = false));
    const client = await startClient(home, octaveAvailable ? CORPUS_PDF : undefined);
    try {
      // The handshake is answered before the services load; wait for them (a tool call is held until then).
      await client.callTool({ name: "health", arguments: {} });
      // A raw request: Client.listTools() also compiles a validator per output schema, client-side work.
      const list = await timeCalls(() => client.request({ method: "tools/list" }, ListToolsResultSchema));
      figures.push({ group: GROUP, name: "tools/list p50 (stdio)", value: round(percentile(list, 50)), unit: "ms", note: `p95 ${round(percentile(list, 95))} ms; target p50 < 20 ms` });
      if (!octaveAvailable) {
        process.stderr.write("bench mcp: octave.pdf not found, structure latency skipped\n");
        return figures;
      }
      const t0 = performance.now();
      const started = structured(await client.callTool({ name: "process_document", arguments: { path: OCTAVE } }));
      let status = started.status;
      while (status !== "completed" && status !== "failed") {
        status = structured(await client.callTool({ name: "get_document", arguments: { doc_id: started.doc_id, wait_for_completion: true } }, undefined, { timeout: 120_000 })).status;
      }
      if (status !== "completed") throw new Error(`octave.pdf indexing ${String(status)}`);
      figures.push({ group: GROUP, name: "octave.pdf indexed via process_document", value: Math.round((performance.now() - t0) / 100) / 10, unit: "s", note: "1158 pages, includes queue and polling" });
      const docId = started.doc_id as string;
      const full = await timeCalls(() => client.callTool({ name: "get_document_structure", arguments: { doc_id: docId } }));
      const first = structured(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId } }));
      figures.push({
        group: GROUP,
        name: "get_document_structure p50, octave.pdf whole tree",
        value: round(percentile(full, 50)),
        unit: "ms",
        note: `p95 ${round(percentile(full, 95))} ms; ${String(first.node_count)} nodes, ${String(first.parts)} part(s); target p50 < 20 ms`,
      });
      const shallow = await timeCalls(() => client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, max_depth: 2 } }));
      figures.push({ group: GROUP, name: "get_document_structure p50, octave.pdf max_depth 2", value: round(percentile(shallow, 50)), unit: "ms", note: `p95 ${round(percentile(shallow, 95))} ms` });
      const pages = await timeCalls(() => client.callTool({ name: "get_page_content", arguments: { doc_id: docId, pages: "500-502" } }));
      figures.push({ group: GROUP, name: "get_page_content p50, octave.pdf 3 pages", value: round(percentile(pages, 50)), unit: "ms", note: `p95 ${round(percentile(pages, 95))} ms` });
    } finally {
      await client.close();
    }
    return figures;
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}
