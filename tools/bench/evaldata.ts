/**
 * Page retrieval on the development set `../shared/evaldata` (FinanceBench filings and
 * MMLongBench-Doc documents with gold pages), scored as its README says: for each question,
 * the pages of that question's own PDF ranked; Hit@5 = a gold page among the first five
 * distinct pages, Recall@5 = the share of gold pages among them.
 *
 * Every PDF goes through the service's own pipeline (upload, index job with OCR, stored
 * tree and page texts); every question through POST /retrieval's own code
 * (RetrievalTaskService, no model). Its answer becomes ranked pages the way a client reads
 * the contract: `retrieved_nodes` in order, within each its `relevant_contents[].page_index`
 * in order; a node without passages spends its whole page range. Beside it, in the same run
 * and on the same page texts: plain BM25 over pages (the dev set's baseline.mjs, ported).
 *
 * With TREEINDEX_MODEL and OPENAI_BASE_URL set, the same questions run a second time with
 * the model (reasoning tree search seeded by the lexical ranking), printed beside.
 *
 * Questions are split in two halves by line number (even lines: tune; odd: held out), and
 * every figure is printed for both. Indexed stores are cached in $TMPDIR by a hash of the
 * indexing code, so ranking work does not re-index 42 PDFs each run.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.ts";
import { PAGES_BLOB } from "../../src/core/documents/index-job.ts";
import { uploadOptions } from "../../src/core/documents/schemas.ts";
import { createServices, type Services } from "../../src/core/services.ts";
import type { RetrievalTaskResponse } from "../../src/core/retrieval/schemas.ts";
import { createLogger } from "../../src/logger.ts";
import type { UserRecord } from "../../src/store/index.ts";
import type { BenchFigure } from "./types.ts";

const EVALDATA = fileURLToPath(new URL("../../../shared/evaldata/", import.meta.url));
const SRC_INDEXING = fileURLToPath(new URL("../../src/indexing/", import.meta.url));
const GROUP = "evaldata";

export interface Question {
  id: string;
  set: "financebench" | "mmlongbench";
  doc: string;
  question: string;
  gold_pages: number[];
  doc_type?: string;
  text_evidence: boolean;
  /** Line number in questions.jsonl (0-based): even = tuning half, odd = held out. */
  line: number;
}

interface Scored {
  q: Question;
  ours: { hit: number; recall: number };
  bm25: { hit: number; recall: number };
}

// ---- BM25 over pages, as ../shared/evaldata/baseline.mjs computes it -------------------
const STOP = new Set(
  `a an and are as at be but by for if in into is it no not of on or such that the their then there
  these they this to was will with what which who whom whose how when where why do does did were has have had its from i
  we our you your`.split(/\s+/).filter(Boolean),
);
const bmTokens = (t: string) => (t.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

export function bm25Rank(pages: string[], query: string, k1 = 1.2, b = 0.75): number[] {
  const docs = pages.map(bmTokens);
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length);
  const scores = docs.map((d, i) => {
    const tf = new Map<string, number>();
    for (const w of d) tf.set(w, (tf.get(w) ?? 0) + 1);
    return { page: i + 1, tf, len: d.length, score: 0 };
  });
  for (const t of new Set(bmTokens(query))) {
    const df = scores.filter((s) => s.tf.has(t)).length;
    if (!df) continue;
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
    for (const s of scores) {
      const f = s.tf.get(t) ?? 0;
      if (f) s.score += (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * s.len) / avg));
    }
  }
  return scores.sort((x, y) => y.score - x.score || x.page - y.page).map((s) => s.page);
}

export function score(ranked: number[], gold: number[]): { hit: number; recall: number } {
  const top = [...new Set(ranked)].slice(0, 5);
  const got = gold.filter((g) => top.includes(g)).length;
  return { hit: got > 0 ? 1 : 0, recall: got / gold.length };
}

/** The contract's answer as ranked pages: nodes in order, their passages' pages in order; a node without passages spends its range. */
export function pagesOfAnswer(answer: RetrievalTaskResponse, ranges: Map<string, [number, number]>): number[] {
  const pages: number[] = [];
  for (const node of answer.retrieved_nodes ?? []) {
    const own = node.relevant_contents.map((c) => c.page_index).filter((p): p is number => typeof p === "number");
    if (own.length) pages.push(...own);
    else {
      const range = ranges.get(node.node_id);
      if (range) for (let p = range[0]; p <= range[1]; p++) pages.push(p);
    }
  }
  return [...new Set(pages)];
}

// ---- indexing through the service, cached ------------------------------------------------
export function indexingHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(readFileSync(full));
    }
  };
  walk(SRC_INDEXING);
  return hash.digest("hex").slice(0, 16);
}

const modelConfigured = () => Boolean(process.env.TREEINDEX_MODEL && process.env.OPENAI_BASE_URL);

/**
 * The dev set's PDFs indexed through the service into a store cached by the indexing code's
 * hash, owned by `userName` (the agent-cost bench uses `local`, the stdio server's user).
 */
export async function indexedServices(
  files: string[],
  withModel = false,
  userName = "evaldata",
): Promise<{ services: Services; user: UserRecord; ids: Map<string, string>; indexSeconds: number; cached: boolean; home: string }> {
  const home = path.join(os.tmpdir(), `treeindex-evaldata-${indexingHash()}${userName === "evaldata" ? "" : `-${userName}`}`);
  const cached = existsSync(path.join(home, "catalog.json"));
  const model = withModel ? { TREEINDEX_MODEL: process.env.TREEINDEX_MODEL, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY } : {};
  const config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2", TREEINDEX_LOG_LEVEL: "silent", ...model });
  const services = await createServices(config, createLogger("silent"));
  const user = await services.users.ensureUser(userName);
  const ids = new Map<string, string>();
  for (const d of await services.store.read((tx) => tx.documents.find({ owner: user.id, status: "completed" }))) ids.set(d.name, d.id);
  const started = Date.now();
  const missing = files.filter((f) => !ids.has(f));
  const pending = await Promise.all(
    missing.map(async (file) => {
      const bytes = new Uint8Array(await fs.readFile(path.join(EVALDATA, "pdfs", file)));
      const { doc_id } = await services.documents.upload(user, { fileName: file, bytes, options: uploadOptions({}, "doc") });
      return [file, doc_id] as const;
    }),
  );
  for (const [file, id] of pending) {
    for (;;) {
      const doc = await services.documents.get(user, id);
      if (doc.status === "completed") break;
      if (doc.status === "failed") throw new Error(`${file} failed to index: ${doc.error}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    ids.set(file, id);
  }
  return { services, user, ids, indexSeconds: (Date.now() - started) / 1000, cached: cached && missing.length === 0, home };
}

async function ask(services: Services, user: UserRecord, docId: string, query: string): Promise<RetrievalTaskResponse> {
  const { retrieval_id } = await services.retrieval.create(user, { doc_id: docId, query, thinking: false });
  for (;;) {
    const answer = await services.retrieval.get(user, retrieval_id);
    if (answer.status !== "processing") return answer;
    await new Promise((r) => setTimeout(r, 2));
  }
}

// ---- report --------------------------------------------------------------------------------
function mean(rows: Scored[], pick: (r: Scored) => number): string {
  return rows.length ? (rows.reduce((s, r) => s + pick(r), 0) / rows.length).toFixed(3) : "-";
}

function groupFigures(name: string, rows: Scored[]): BenchFigure[] {
  const half = (h: 0 | 1) => rows.filter((r) => r.q.line % 2 === h);
  const [tune, held] = [half(0), half(1)];
  const cell = (rs: Scored[]) => `${mean(rs, (r) => r.ours.hit)} / ${mean(rs, (r) => r.ours.recall)} (BM25 ${mean(rs, (r) => r.bm25.hit)} / ${mean(rs, (r) => r.bm25.recall)})`;
  return [
    {
      group: GROUP,
      name: `${name} (n=${rows.length}) Hit@5 / Recall@5`,
      value: `${mean(rows, (r) => r.ours.hit)} / ${mean(rows, (r) => r.ours.recall)}`,
      note: `BM25 ${mean(rows, (r) => r.bm25.hit)} / ${mean(rows, (r) => r.bm25.recall)}; tune half ${cell(tune)}; held-out half ${cell(held)}`,
    },
  ];
}

async function runQuestions(services: Services, user: UserRecord, ids: Map<string, string>, questions: Question[]): Promise<{ rows: Scored[]; askMs: number }> {
  const rows: Scored[] = [];
  const pageTexts = new Map<string, string[]>();
  const ranges = new Map<string, Map<string, [number, number]>>();
  const started = performance.now();
  for (const q of questions) {
    const docId = ids.get(q.doc)!;
    if (!pageTexts.has(docId)) {
      pageTexts.set(docId, (await services.store.blobs.readJson<string[]>(docId, PAGES_BLOB)) ?? []);
      const nodeRanges = new Map<string, [number, number]>();
      for (const n of (await services.search.cache.get(await services.documents.get(user, docId))).nodes) {
        if (n.start_index !== undefined && n.end_index !== undefined) nodeRanges.set(n.node_id, [n.start_index, n.end_index]);
      }
      ranges.set(docId, nodeRanges);
    }
    const answer = await ask(services, user, docId, q.question);
    rows.push({ q, ours: score(pagesOfAnswer(answer, ranges.get(docId)!), q.gold_pages), bm25: score(bm25Rank(pageTexts.get(docId)!, q.question), q.gold_pages) });
  }
  return { rows, askMs: (performance.now() - started) / questions.length };
}

/** The dev set's questions (with their line number), or null when ../shared/evaldata is absent. */
export function loadQuestions(): Question[] | null {
  if (!existsSync(path.join(EVALDATA, "questions.jsonl"))) return null;
  return readFileSync(path.join(EVALDATA, "questions.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l, line) => ({ ...(JSON.parse(l) as Omit<Question, "line">), line }));
}

export async function evaldataBench(): Promise<BenchFigure[]> {
  const questions = loadQuestions();
  if (!questions) {
    return [{ group: GROUP, name: "page retrieval on the dev set", value: "skipped", note: "../shared/evaldata not found" }];
  }
  const files = [...new Set(questions.map((q) => q.doc))];
  const { services, user, ids, indexSeconds, cached } = await indexedServices(files);
  const { rows, askMs } = await runQuestions(services, user, ids, questions);
  await services.close();
  let modelRows: Scored[] | undefined;
  if (modelConfigured()) {
    const withModel = await indexedServices(files, true);
    modelRows = (await runQuestions(withModel.services, withModel.user, withModel.ids, questions)).rows;
    await withModel.services.close();
  }

  const figures: BenchFigure[] = [
    { group: GROUP, name: "documents indexed through the service", value: files.length, note: cached ? "from the cache of this indexing code" : `${indexSeconds.toFixed(0)} s (2 workers, OCR included)` },
    { group: GROUP, name: "POST /retrieval mean time per question (in-process, no model)", value: +askMs.toFixed(1), unit: "ms", note: "includes building each document's search index on first use" },
  ];
  const fb = rows.filter((r) => r.q.set === "financebench");
  const mm = rows.filter((r) => r.q.set === "mmlongbench");
  figures.push(...groupFigures("FinanceBench", fb), ...groupFigures("MMLongBench", mm), ...groupFigures("MMLongBench text evidence", mm.filter((r) => r.q.text_evidence)));
  const types = new Map<string, Scored[]>();
  for (const r of rows) {
    const t = r.q.set === "financebench" ? "FinanceBench filing" : (r.q.doc_type ?? "other");
    types.set(t, [...(types.get(t) ?? []), r]);
  }
  for (const [t, rs] of types) figures.push(...groupFigures(`type ${t}`, rs));
  const docs = new Map<string, Scored[]>();
  for (const r of rows) docs.set(r.q.doc, [...(docs.get(r.q.doc) ?? []), r]);
  for (const [d, rs] of [...docs].sort((a, b) => a[0].localeCompare(b[0]))) {
    figures.push({ group: GROUP, name: `  ${d.length > 44 ? `${d.slice(0, 41)}...` : d} (n=${rs.length})`, value: `${mean(rs, (r) => r.ours.hit)} / ${mean(rs, (r) => r.ours.recall)}`, note: `BM25 ${mean(rs, (r) => r.bm25.hit)} / ${mean(rs, (r) => r.bm25.recall)}` });
  }
  if (modelRows) {
    const fbM = modelRows.filter((r) => r.q.set === "financebench");
    const mmM = modelRows.filter((r) => r.q.set === "mmlongbench");
    figures.push(...groupFigures(`with model ${process.env.TREEINDEX_MODEL}: FinanceBench`, fbM), ...groupFigures(`with model ${process.env.TREEINDEX_MODEL}: MMLongBench`, mmM));
  } else {
    figures.push({ group: GROUP, name: "model arm (reasoning tree search)", value: "skipped", note: "set TREEINDEX_MODEL and OPENAI_BASE_URL to an OpenAI-compatible server to run it" });
  }
  return figures;
}
