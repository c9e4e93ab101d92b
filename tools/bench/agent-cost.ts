/**
 * What an agent pays to land on the pages that answer a question: a fixed, scripted policy
 * per question of `../shared/evaldata`, driven through a real MCP client over stdio
 * (`treeindex mcp`, the store indexed by the evaldata bench's code as the stdio user):
 *
 * - search first (what the server's instructions say for a fact): search_documents on the
 *   question's document with the question, then the get_page_content call its next_steps
 *   recommends;
 * - structure first: get_document_structure (the default, compact form), the section whose
 *   title shares the most words with the question, then get_page_content of its pages;
 * - BM25 top 5: get_page_content of the five pages plain BM25 over the page texts ranks
 *   first (the dev set's floor, as one call).
 *
 * Per set: the share of questions where a gold page was among the pages the agent saw (a
 * page read whole, or one of search_documents' pages, each given with its matching
 * passage), calls per question, the output characters (the tools' text results; median and
 * p90) spent until the first gold page was seen (all of the policy's output when none was),
 * and all the policy's output; beside them, Hit@5 of search_documents' own page ranking.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { PAGES_BLOB } from "../../src/core/documents/index-job.ts";
import { bm25Rank, indexedServices, loadQuestions, score, type Question } from "./evaldata.ts";
import type { BenchFigure } from "./types.ts";

const GROUP = "agent-cost";
const BIN = fileURLToPath(new URL("../../bin/treeindex.js", import.meta.url));

interface Run {
  goldRead: boolean;
  calls: number;
  /** Output characters until a gold page was first seen (all of them when none was). */
  toGold: number;
  chars: number;
}

/** Spending along a policy; `saw` marks pages seen, and notes the spend when the first gold page is among them. */
class Spend {
  calls = 0;
  chars = 0;
  toGold?: number;
  constructor(private readonly gold: number[]) {}
  saw(pages: number[]): void {
    if (this.toGold === undefined && pages.some((p) => this.gold.includes(p))) this.toGold = this.chars;
  }
  run(): Run {
    return { goldRead: this.toGold !== undefined, calls: this.calls, toGold: this.toGold ?? this.chars, chars: this.chars };
  }
}

interface Row {
  q: Question;
  search: Run;
  structure: Run;
  bm25: Run;
  searchHit5: number;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Calls a tool and keeps what the model would read: the text content's characters. */
async function call(client: Client, name: string, args: Record<string, unknown>, spent: Spend): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  spent.calls++;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  spent.chars += text.length;
  const body = JSON.parse(text) as Json;
  if (result.isError) throw new Error(`${name}: ${body.error}`);
  return body;
}

const pagesRead = (pageResult: Json): number[] => (pageResult.content as { page: number }[]).map((p) => p.page);
const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

async function searchFirst(client: Client, q: Question): Promise<{ run: Run; hit5: number }> {
  const spent = new Spend(q.gold_pages);
  const found = await call(client, "search_documents", { doc_name: q.doc, query: q.question }, spent);
  const ranked = (found.pages as { page: number }[]).map((p) => p.page);
  const hit5 = score(ranked, q.gold_pages).hit;
  spent.saw(ranked);
  // Follow the first recommendation when it is a page read (it names the tool and its arguments).
  const next = (found.next_steps.options as string[])[0] ?? "";
  const m = /get_page_content \{doc_id: "([^"]+)", pages: "([^"]+)"\}/.exec(next);
  if (m) spent.saw(pagesRead(await call(client, "get_page_content", { doc_id: m[1], pages: m[2] }, spent)));
  return { run: spent.run(), hit5 };
}

async function structureFirst(client: Client, q: Question): Promise<Run> {
  const spent = new Spend(q.gold_pages);
  const structure = await call(client, "get_document_structure", { doc_name: q.doc }, spent);
  const wanted = words(q.question);
  let best: Json | undefined;
  let bestScore = -1;
  const visit = (nodes: Json[] | undefined) => {
    for (const n of nodes ?? []) {
      const overlap = [...words(n.title as string)].filter((w) => wanted.has(w)).length;
      if (overlap > bestScore && n.start_index !== undefined) ((best = n), (bestScore = overlap));
      visit(n.nodes);
    }
  };
  visit(structure.structure);
  if (best) spent.saw(pagesRead(await call(client, "get_page_content", { doc_id: structure.doc_id, pages: `${best.start_index}-${best.end_index}` }, spent)));
  return spent.run();
}

async function bm25Top5(client: Client, q: Question, docId: string, pageTexts: string[]): Promise<Run> {
  const spent = new Spend(q.gold_pages);
  const top = bm25Rank(pageTexts, q.question).slice(0, 5);
  if (top.length) spent.saw(pagesRead(await call(client, "get_page_content", { doc_id: docId, pages: top.join(",") }, spent)));
  return spent.run();
}

function quantile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : 0;
}

function runCell(rows: Row[], pick: (r: Row) => Run): string {
  const runs = rows.map(pick);
  const share = runs.filter((r) => r.goldRead).length / runs.length;
  const calls = runs.reduce((s, r) => s + r.calls, 0) / runs.length;
  const toGold = runs.map((r) => r.toGold);
  const chars = runs.map((r) => r.chars);
  const q = (xs: number[]) => `${Math.round(quantile(xs, 0.5))} / ${Math.round(quantile(xs, 0.9))}`;
  return `${share.toFixed(3)} / ${calls.toFixed(1)} / ${q(toGold)} / ${q(chars)}`;
}

export async function agentCostBench(): Promise<BenchFigure[]> {
  const questions = loadQuestions();
  if (!questions) return [{ group: GROUP, name: "agent cost on the dev set", value: "skipped", note: "../shared/evaldata not found" }];
  const files = [...new Set(questions.map((q) => q.doc))];
  // Index as the stdio server's user, then hand the store to `treeindex mcp`.
  const indexed = await indexedServices(files, false, "local");
  const pageTexts = new Map<string, string[]>();
  for (const [file, id] of indexed.ids) pageTexts.set(file, (await indexed.services.store.blobs.readJson<string[]>(id, PAGES_BLOB)) ?? []);
  const ids = indexed.ids;
  await indexed.services.close();

  const client = new Client({ name: "agent-cost-bench", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--tools", "read"],
      env: { ...(process.env as Record<string, string>), TREEINDEX_HOME: indexed.home, TREEINDEX_LOG_LEVEL: "warn", TREEINDEX_WORKERS: "1" },
      stderr: "ignore",
    }),
  );
  const rows: Row[] = [];
  try {
    for (const q of questions) {
      const { run: search, hit5 } = await searchFirst(client, q);
      rows.push({ q, search, structure: await structureFirst(client, q), bm25: await bm25Top5(client, q, ids.get(q.doc)!, pageTexts.get(q.doc)!), searchHit5: hit5 });
    }
  } finally {
    await client.close();
  }

  const header = "gold page seen / calls / chars to the gold page median / p90 / all chars median / p90";
  const figures: BenchFigure[] = [];
  const sets: [string, Row[]][] = [
    ["all", rows],
    ["FinanceBench", rows.filter((r) => r.q.set === "financebench")],
    ["MMLongBench", rows.filter((r) => r.q.set === "mmlongbench")],
  ];
  for (const [name, rs] of sets) {
    const hit5 = rs.reduce((s, r) => s + r.searchHit5, 0) / rs.length;
    figures.push(
      { group: GROUP, name: `${name} (n=${rs.length}), search first: ${header}`, value: runCell(rs, (r) => r.search), note: `search_documents' own Hit@5 in this run ${hit5.toFixed(3)}; target: gold share >= Hit@5, median chars to the gold page < 3000` },
      { group: GROUP, name: `${name}, structure first: ${header}`, value: runCell(rs, (r) => r.structure) },
      { group: GROUP, name: `${name}, BM25 top-5 pages: ${header}`, value: runCell(rs, (r) => r.bm25) },
    );
  }
  figures.push({ group: GROUP, name: "documents", value: files.length, note: `indexed once per indexing code (${indexed.cached ? "cached" : `${indexed.indexSeconds.toFixed(0)} s`}), served by \`treeindex mcp --tools read\` over stdio from ${path.basename(indexed.home)}` });
  return figures;
}
