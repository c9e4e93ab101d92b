/**
 * `npm run bench -- library`: the dev set as one library. 250+ unrelated documents (the
 * README files of installed npm packages, as Markdown) are added first, then the 42 PDFs
 * of ../shared/evaldata, all through the service's own upload and index jobs; the library
 * index follows the store as it does in a server. Every question is asked twice through
 * the core behind MCP `search_documents`: scoped to its document (`doc_id`) and over the
 * whole library (no scope).
 *
 * Hit@5: a gold (document, page) among the first five pages the answer lists. Right
 * document@3: the question's document among the first three documents listed. Figures
 * for both halves of the questions (even lines: tune; odd: held out). MMLongBench is split
 * into questions that name their subject and those that lean on "this document" / "the
 * slide", which no library search can place.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../src/config.ts";
import { uploadOptions } from "../../src/core/documents/schemas.ts";
import { createServices, type Services } from "../../src/core/services.ts";
import type { LibraryResult } from "../../src/core/library/search.ts";
import { createLogger } from "../../src/logger.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { indexingHash, loadQuestions, type Question } from "./evaldata.ts";
import type { BenchFigure } from "./types.ts";

const EVALDATA = fileURLToPath(new URL("../../../shared/evaldata/", import.meta.url));
const NODE_MODULES = fileURLToPath(new URL("../../node_modules/", import.meta.url));
const GROUP = "library";
const UNRELATED = Number(process.env.LIBRARY_UNRELATED ?? 250);

/** Questions that point at "this document" rather than naming what they are about. */
const LEANS_ON_CONTEXT =
  /\b(this|the|these|that)\s+(document|paper|report|slides?|deck|presentation|guidebook|guide|brochure|manual|handbook|survey|study|article|book|file|pdf|figure|table|chart|image|picture|infographic|page|leaflet|flyer)\b|\bthe (above|given|following)\b|\bin (the )?(page|slide) \d/i;

export function namesSubject(question: string): boolean {
  return !LEANS_ON_CONTEXT.test(question);
}

/** README files of distinct installed packages, larger ones first (a fixed, repeatable choice). */
function unrelatedReadmes(count: number): { name: string; file: string }[] {
  const found: { name: string; file: string; size: number }[] = [];
  const visit = (dir: string, pkg: string) => {
    for (const candidate of ["README.md", "readme.md", "Readme.md"]) {
      const file = path.join(dir, candidate);
      if (existsSync(file)) {
        const size = statSync(file).size;
        if (size > 2000 && size < 400_000) found.push({ name: `${pkg.replace(/[@/]/g, "_").replace(/^_/, "")}-README.md`, file, size });
        return;
      }
    }
  };
  for (const entry of readdirSync(NODE_MODULES)) {
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) for (const sub of readdirSync(path.join(NODE_MODULES, entry))) visit(path.join(NODE_MODULES, entry, sub), `${entry}/${sub}`);
    else visit(path.join(NODE_MODULES, entry), entry);
  }
  return found.sort((a, b) => b.size - a.size || a.name.localeCompare(b.name)).slice(0, count);
}

async function waitCompleted(services: Services, user: UserRecord, ids: string[]): Promise<void> {
  for (const id of ids) {
    for (;;) {
      const doc = await services.documents.get(user, id);
      if (doc.status === "completed") break;
      if (doc.status === "failed") throw new Error(`${doc.name} failed to index: ${doc.error}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The library, built once per indexing code (cached in $TMPDIR): unrelated documents first, then the dev PDFs. */
async function libraryServices(pdfs: string[]): Promise<{ services: Services; user: UserRecord; ids: Map<string, string>; built: boolean; seconds: number }> {
  const home = path.join(os.tmpdir(), `treeindex-library-${indexingHash()}-${UNRELATED}`);
  const config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2", TREEINDEX_LOG_LEVEL: "silent" });
  const services = await createServices(config, createLogger("silent"));
  const user = await services.users.ensureUser("library");
  const existing = await services.store.read((tx) => tx.documents.find({ owner: user.id, status: "completed" }));
  const started = Date.now();
  let built = false;
  if (existing.length < UNRELATED + pdfs.length) {
    built = true;
    await fs.rm(home, { recursive: true, force: true }).catch(() => undefined);
    await services.close();
    return buildLibrary(home, pdfs);
  }
  const ids = new Map(existing.map((d) => [d.name, d.id]));
  await services.librarySync.idle();
  return { services, user, ids, built, seconds: (Date.now() - started) / 1000 };
}

async function buildLibrary(home: string, pdfs: string[]) {
  const started = Date.now();
  const config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2", TREEINDEX_LOG_LEVEL: "silent" });
  const services = await createServices(config, createLogger("silent"));
  const user = await services.users.ensureUser("library");
  const ids = new Map<string, string>();
  const readmes = unrelatedReadmes(UNRELATED);
  const first: string[] = [];
  for (const r of readmes) {
    const { doc_id } = await services.documents.upload(user, { fileName: r.name, bytes: new Uint8Array(readFileSync(r.file)), options: uploadOptions({}, "doc") });
    first.push(doc_id);
    ids.set(r.name, doc_id);
  }
  await waitCompleted(services, user, first);
  const then: string[] = [];
  for (const file of pdfs) {
    const { doc_id } = await services.documents.upload(user, { fileName: file, bytes: new Uint8Array(readFileSync(path.join(EVALDATA, "pdfs", file))), options: uploadOptions({}, "doc") });
    then.push(doc_id);
    ids.set(file, doc_id);
  }
  await waitCompleted(services, user, then);
  await services.librarySync.idle();
  return { services, user, ids, built: true, seconds: (Date.now() - started) / 1000 };
}

interface Row {
  q: Question;
  scoped: number;
  library: number;
  rightDoc3: number;
  rightDoc1: number;
  ms: number;
}

function hit(result: LibraryResult, docId: string, gold: number[]): number {
  return result.pages.slice(0, 5).some((p) => p.doc_id === docId && gold.includes(p.page)) ? 1 : 0;
}

const mean = (rows: Row[], pick: (r: Row) => number) => (rows.length ? (rows.reduce((s, r) => s + pick(r), 0) / rows.length).toFixed(3) : "-");

function figuresFor(name: string, rows: Row[]): BenchFigure[] {
  const halves = [rows.filter((r) => r.q.line % 2 === 0), rows.filter((r) => r.q.line % 2 === 1)];
  const cell = (rs: Row[]) => `library ${mean(rs, (r) => r.library)} / scoped ${mean(rs, (r) => r.scoped)}, doc@3 ${mean(rs, (r) => r.rightDoc3)}`;
  return [
    {
      group: GROUP,
      name: `${name} (n=${rows.length}): Hit@5 library / scoped; right document @1, @3`,
      value: `${mean(rows, (r) => r.library)} / ${mean(rows, (r) => r.scoped)}; ${mean(rows, (r) => r.rightDoc1)}, ${mean(rows, (r) => r.rightDoc3)}`,
      note: `tune: ${cell(halves[0])}; held out: ${cell(halves[1])}`,
    },
  ];
}

export async function libraryBench(): Promise<BenchFigure[]> {
  const questions = loadQuestions();
  if (!questions) return [{ group: GROUP, name: "the dev set as a library", value: "skipped", note: "../shared/evaldata not found" }];
  const pdfs = [...new Set(questions.map((q) => q.doc))];
  const { services, user, ids, built, seconds } = await libraryServices(pdfs);
  const rows: Row[] = [];
  let times: number[] = [];
  // Library-wide first, over every question: a scoped search before it would warm the
  // per-document index of the right document and flatter the library answer.
  const libraryAnswers: LibraryResult[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    libraryAnswers.push(await services.search.search(user, {}, q.question));
    times.push(performance.now() - t0);
  }
  for (const [i, q] of questions.entries()) {
    const docId = ids.get(q.doc)!;
    const scoped = await services.search.search(user, { docIds: [docId] }, q.question);
    const library = libraryAnswers[i];
    const listed = library.documents.map((d) => d.doc_id);
    rows.push({ q, scoped: hit(scoped, docId, q.gold_pages), library: hit(library, docId, q.gold_pages), rightDoc1: listed[0] === docId ? 1 : 0, rightDoc3: listed.slice(0, 3).includes(docId) ? 1 : 0, ms: times[i] });
    if (process.env.LIBRARY_VERBOSE && listed[0] !== docId) process.stderr.write(`miss ${q.set} ${q.line % 2 ? "held" : "tune"} [${q.doc}] ${q.question.slice(0, 110)} -> ${library.documents.slice(0, 3).map((d) => `${d.doc_name}:${d.score}`).join(", ")}\n`);
  }
  let warm: number[] = [];
  for (const q of questions) {
    const t0 = performance.now();
    await services.search.search(user, {}, q.question);
    warm.push(performance.now() - t0);
  }
  warm = warm.sort((a, b) => a - b);
  const searched = (await services.search.search(user, {}, "annual revenue")).searched;
  await services.close();
  times = [...times].sort((a, b) => a - b);
  const fb = rows.filter((r) => r.q.set === "financebench");
  const mm = rows.filter((r) => r.q.set === "mmlongbench");
  return [
    { group: GROUP, name: "library: documents searched of documents", value: `${searched.documents} of ${searched.of}`, note: `${UNRELATED} unrelated README files added first, then ${pdfs.length} PDFs; ${built ? `built in ${seconds.toFixed(0)} s` : "cached"}` },
    ...figuresFor("FinanceBench", fb),
    ...figuresFor("MMLongBench", mm),
    ...figuresFor("MMLongBench, names its subject", mm.filter((r) => namesSubject(r.q.question))),
    ...figuresFor("MMLongBench, leans on 'this document'", mm.filter((r) => !namesSubject(r.q.question))),
    { group: GROUP, name: "library query p50 / p95 (in-process, per-document indexes cold at first)", value: `${times[Math.floor(times.length / 2)].toFixed(1)} / ${times[Math.floor(times.length * 0.95)].toFixed(1)}`, unit: "ms" },
    { group: GROUP, name: "library query p50 / p95, the same questions again (indexes warm)", value: `${warm[Math.floor(warm.length / 2)].toFixed(1)} / ${warm[Math.floor(warm.length * 0.95)].toFixed(1)}`, unit: "ms" },
  ];
}
