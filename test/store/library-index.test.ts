/**
 * The library index on both engines: SQLite FTS5 (the file store's) and PostgreSQL (the
 * PostgreSQL store's). The same suite runs on each, then the two are compared on one
 * corpus: the contract (src/store/library/types.ts) wants the same BM25 scores.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteLibraryIndex } from "../../src/store/library/sqlite-library.ts";
import type { LibraryEntry, LibraryHits, LibraryIndex, LibraryQuery, LibraryUnit } from "../../src/store/library/types.ts";
import { PgStore } from "../../src/store/postgres/index.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { makeTempHome } from "../helpers/server.ts";

let server: TestPostgres;
let scratch: string;

beforeAll(async () => {
  server = await startTestPostgres();
  scratch = await makeTempHome("treeindex-library-");
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

interface Opened {
  index: LibraryIndex;
  close(): Promise<void>;
}

interface Engine {
  name: string;
  open(): Promise<Opened>;
}

const sqlite: Engine = {
  name: "SQLite",
  async open() {
    const home = await makeTempHome("treeindex-library-sqlite-");
    const index = SqliteLibraryIndex.open(home);
    return {
      index,
      async close() {
        await index.close();
        await fs.rm(home, { recursive: true, force: true });
      },
    };
  },
};

const postgres: Engine = {
  name: "PostgreSQL",
  async open() {
    const url = await server.createDatabase("lib");
    const store = await PgStore.open(url, scratch);
    return {
      index: store.library,
      async close() {
        await store.close();
        await server.dropDatabase(url);
      },
    };
  },
};

function unit(ref: string, title: string, body: string, kind: LibraryUnit["kind"] = "page"): LibraryUnit {
  return { kind, ref, title, body };
}

function entry(docId: string, units: LibraryUnit[], options: Partial<Omit<LibraryEntry, "units" | "docId">> = {}): LibraryEntry {
  return { docId, owner: "alice", contentStamp: "c1", fieldsStamp: "f1", fields: { name: "", about: "" }, units, ...options };
}

function query(terms: string[], options: Partial<LibraryQuery> = {}): LibraryQuery {
  return { owner: "alice", terms, units: 100, documents: 100, ...options };
}

const unitKeys = (hits: LibraryHits) => hits.units.map((u) => `${u.docId}/${u.kind}/${u.ref}`).sort();
const docKeys = (hits: LibraryHits) => hits.documents.map((d) => d.docId).sort();

for (const engine of [sqlite, postgres]) {
  describe(`library index on ${engine.name}`, () => {
    let opened: Opened;
    let index: LibraryIndex;

    beforeAll(async () => {
      opened = await engine.open();
      index = opened.index;
    });
    afterAll(async () => {
      await opened?.close();
    });

    it("finds units by their terms, with kind and ref, best first", async () => {
      await index.clear();
      await index.put(
        entry("doc_a", [unit("1", "revenue", "total revenue grew revenue revenue"), unit("2", "", "cost of sales"), unit("s1", "risk factor", "currency risk", "section")], {
          fields: { name: "annual report", about: "acme 10-k 2023" },
        }),
      );
      await index.put(entry("doc_b", [unit("1", "", "revenue once among many other words here")]));
      const hits = await index.search(query(["revenue"]));
      expect(hits.indexed).toBe(2);
      expect(hits.units.map((u) => [u.docId, u.kind, u.ref])).toEqual([
        ["doc_a", "page", "1"],
        ["doc_b", "page", "1"],
      ]);
      expect(hits.units[0].score).toBeGreaterThan(hits.units[1].score);
      expect(hits.units.every((u) => u.score > 0)).toBe(true);
      const risk = await index.search(query(["risk"]));
      expect(risk.units).toEqual([{ docId: "doc_a", kind: "section", ref: "s1", score: expect.any(Number) }]);
      const byFields = await index.search(query(["annual", "acme"]));
      expect(byFields.documents.map((d) => d.docId)).toEqual(["doc_a"]);
      expect(byFields.units).toEqual([]);
      // Limits, and a query of no known term.
      expect((await index.search(query(["revenue"], { units: 1 }))).units.map((u) => u.docId)).toEqual(["doc_a"]);
      expect(await index.search(query(["nothing"]))).toEqual({ documents: [], units: [], indexed: 2 });
      expect(await index.search(query([]))).toEqual({ documents: [], units: [], indexed: 2 });
    });

    it("scopes by owner and by listed documents; indexed counts the documents in scope", async () => {
      await index.clear();
      await index.put(entry("doc_1", [unit("1", "", "shared term")], { fields: { name: "shared", about: "" } }));
      await index.put(entry("doc_2", [unit("1", "", "shared term")], { fields: { name: "shared", about: "" } }));
      await index.put(entry("doc_3", [unit("1", "", "shared term")], { owner: "bob", fields: { name: "shared", about: "" } }));
      await index.put(entry("doc_4", [], { fields: { name: "other", about: "" } }));

      const alice = await index.search(query(["shared"]));
      expect(alice.indexed).toBe(3);
      expect(unitKeys(alice)).toEqual(["doc_1/page/1", "doc_2/page/1"]);
      expect(docKeys(alice)).toEqual(["doc_1", "doc_2"]);
      const bob = await index.search(query(["shared"], { owner: "bob" }));
      expect(bob.indexed).toBe(1);
      expect(unitKeys(bob)).toEqual(["doc_3/page/1"]);
      expect(docKeys(bob)).toEqual(["doc_3"]);
      // Statistics are over the whole index: the same unit scores the same whoever asks.
      expect(bob.units[0].score).toBeCloseTo(alice.units[0].score, 12);

      const listed = await index.search(query(["shared"], { docIds: ["doc_2", "doc_3", "doc_4", "doc_missing"] }));
      expect(listed.indexed).toBe(2); // doc_3 is bob's, doc_missing is not held
      expect(unitKeys(listed)).toEqual(["doc_2/page/1"]);
      expect(docKeys(listed)).toEqual(["doc_2"]);
      expect(await index.search(query(["shared"], { docIds: [] }))).toEqual({ documents: [], units: [], indexed: 0 });
      expect((await index.search(query(["shared"], { owner: "carol" }))).indexed).toBe(0);
    });

    it("answers an owner's best units even when another owner's units rank above them", async () => {
      await index.clear();
      // Bob's units match best; Alice's weaker ones must still fill her answer, and only hers.
      for (let i = 1; i <= 4; i++) await index.put(entry(`doc_b${i}`, [unit("1", "ledger", "ledger ledger ledger")], { owner: "bob" }));
      for (let i = 1; i <= 3; i++) await index.put(entry(`doc_a${i}`, [unit("1", "", `ledger ${"filler ".repeat(i * 5)}`)]));
      const alice = await index.search(query(["ledger"], { units: 2 }));
      expect(unitKeys(alice)).toEqual(["doc_a1/page/1", "doc_a2/page/1"]);
      const bob = await index.search(query(["ledger"], { owner: "bob", units: 2 }));
      expect(bob.units.map((u) => u.docId).every((id) => id.startsWith("doc_b"))).toBe(true);
      expect(bob.units).toHaveLength(2);
      // Alone in the index, Alice's answer is the same units and scores (statistics aside).
      const all = await index.search(query(["ledger"], { units: 10 }));
      expect(unitKeys(all)).toEqual(["doc_a1/page/1", "doc_a2/page/1", "doc_a3/page/1"]);
    });

    it("matches the documents' fields in one column when asked", async () => {
      await index.clear();
      await index.put(entry("named", [unit("1", "", "acme")], { fields: { name: "acme report", about: "filing" } }));
      await index.put(entry("about", [], { fields: { name: "filing", about: "acme acme" } }));
      expect(docKeys(await index.search(query(["acme"])))).toEqual(["about", "named"]);
      const byName = await index.search(query(["acme", "filing"], { fieldColumn: "name" }));
      expect(byName.documents.map((d) => d.docId).sort()).toEqual(["about", "named"]);
      expect(docKeys(await index.search(query(["acme"], { fieldColumn: "name" })))).toEqual(["named"]);
      expect(docKeys(await index.search(query(["acme"], { fieldColumn: "about" })))).toEqual(["about"]);
      expect(docKeys(await index.search(query(["report"], { fieldColumn: "about" })))).toEqual([]);
      // Units are matched as ever.
      expect(unitKeys(byName)).toEqual(["named/page/1"]);
      // units: 0 or documents: 0 leaves that search out, with the same scores for the other.
      const onlyDocuments = await index.search(query(["acme", "filing"], { fieldColumn: "name", units: 0 }));
      expect(onlyDocuments).toEqual({ documents: byName.documents, units: [], indexed: 2 });
      const onlyUnits = await index.search(query(["acme", "filing"], { fieldColumn: "name", documents: 0 }));
      expect(onlyUnits).toEqual({ documents: [], units: byName.units, indexed: 2 });
    });

    it("removes documents from results and stamps; put again replaces everything", async () => {
      await index.clear();
      await index.put(entry("doc_1", [unit("1", "", "alpha beta"), unit("2", "", "alpha")], { fields: { name: "first", about: "" } }));
      await index.put(entry("doc_2", [unit("1", "", "alpha gamma")], { contentStamp: "c2", fieldsStamp: "f2" }));
      expect((await index.stamps()).sort((a, b) => a.docId.localeCompare(b.docId))).toEqual([
        { docId: "doc_1", owner: "alice", contentStamp: "c1", fieldsStamp: "f1" },
        { docId: "doc_2", owner: "alice", contentStamp: "c2", fieldsStamp: "f2" },
      ]);
      // Only the documents asked for (the sync after one commit reads its own documents' stamps).
      expect((await index.stamps(["doc_2", "doc_unknown"])).map((s) => s.docId)).toEqual(["doc_2"]);
      expect(await index.stamps([])).toEqual([]);

      await index.remove(["doc_1", "doc_unknown"]);
      expect(unitKeys(await index.search(query(["alpha", "first"])))).toEqual(["doc_2/page/1"]);
      expect(docKeys(await index.search(query(["first"])))).toEqual([]);
      expect((await index.stamps()).map((s) => s.docId)).toEqual(["doc_2"]);
      await index.remove([]);

      await index.put(entry("doc_2", [unit("9", "", "delta")], { contentStamp: "c3", fields: { name: "renamed", about: "" } }));
      expect(await index.search(query(["alpha", "gamma"]))).toEqual({ documents: [], units: [], indexed: 1 });
      const replaced = await index.search(query(["delta", "renamed"]));
      expect(unitKeys(replaced)).toEqual(["doc_2/page/9"]);
      expect(docKeys(replaced)).toEqual(["doc_2"]);
      expect(await index.stamps()).toEqual([{ docId: "doc_2", owner: "alice", contentStamp: "c3", fieldsStamp: "f1" }]);
    });

    it("putFields replaces a document's fields and keeps its units; false for a document it does not hold", async () => {
      await index.clear();
      await index.put(entry("doc_1", [unit("1", "", "body words")], { fields: { name: "old name", about: "old about" } }));
      expect(docKeys(await index.search(query(["old"])))).toEqual(["doc_1"]);
      expect(await index.putFields("doc_1", "f2", { name: "new title", about: "" })).toBe(true);
      expect(docKeys(await index.search(query(["old"])))).toEqual([]);
      expect(docKeys(await index.search(query(["title"])))).toEqual(["doc_1"]);
      expect(unitKeys(await index.search(query(["body"])))).toEqual(["doc_1/page/1"]);
      expect((await index.stamps())[0]).toMatchObject({ contentStamp: "c1", fieldsStamp: "f2" });
      expect(await index.putFields("doc_unknown", "f9", { name: "x", about: "" })).toBe(false);
      expect((await index.stamps()).map((s) => s.docId)).toEqual(["doc_1"]);
    });

    it("keeps terms with punctuation whole: 10-k, 2.3.1, o'brien, quotes and backslashes", async () => {
      await index.clear();
      await index.put(entry("whole", [unit("1", "", "10-k 2.3.1 o'brien say\"hi back\\slash")]));
      await index.put(entry("parts", [unit("1", "", "10 k 2 3 1 o brien say back")]));
      for (const term of ["10-k", "2.3.1", "o'brien", 'say"hi', "back\\slash"]) {
        expect(unitKeys(await index.search(query([term]))), term).toEqual(["whole/page/1"]);
      }
      expect(unitKeys(await index.search(query(["10"])))).toEqual(["parts/page/1"]);
      expect(unitKeys(await index.search(query(["k", "brien"])))).toEqual(["parts/page/1"]);
    });

    it("empties with clear and reports a size", async () => {
      await index.clear();
      await index.put(entry("doc_1", [unit("1", "words", "more words")]));
      expect(await index.size()).toBeGreaterThan(0);
      await index.clear();
      expect(await index.stamps()).toEqual([]);
      expect(await index.search(query(["words"]))).toEqual({ documents: [], units: [], indexed: 0 });
      await index.put(entry("doc_2", [unit("1", "", "words")]));
      expect(unitKeys(await index.search(query(["words"])))).toEqual(["doc_2/page/1"]);
    });
  });
}

/** A deterministic corpus with repeated terms, empty columns and units, two owners. */
function corpus(seed: number, docs: number): LibraryEntry[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const vocabulary = ["revenue", "income", "cost", "risk", "10-k", "2.3.1", "o'brien", "acme", "report", "segment", "cash", "debt", "lease", "tax", "goodwill", "audit", "board", "dividend", "margin", "the-end"];
  // Skewed: early words are frequent ("revenue" ends up in most rows, its idf floored).
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.2)];
  const words = (max: number) => Array.from({ length: Math.floor(random() * (max + 1)) }, word).join(" ");
  return Array.from({ length: docs }, (_, d) => ({
    docId: `doc_${d}`,
    owner: d % 3 === 0 ? "bob" : "alice",
    contentStamp: `c${d}`,
    fieldsStamp: `f${d}`,
    fields: { name: words(4), about: words(12) },
    units: Array.from({ length: 1 + Math.floor(random() * 6) }, (_, u) => (d === 5 && u === 0 ? unit("1", "", "") : unit(String(u + 1), words(3), words(80), u % 4 === 3 ? "section" : "page"))),
  }));
}

const QUERIES = [["revenue"], ["risk", "audit"], ["10-k", "o'brien", "2.3.1"], ["dividend", "the-end", "absent"], ["cost", "cash", "debt", "lease", "tax"], ["margin", "margin"], ["acme", "report", "revenue", "board"]];

function expectSameHits(a: LibraryHits, b: LibraryHits, label: string): void {
  expect(b.indexed, label).toBe(a.indexed);
  expect(unitKeys(b), label).toEqual(unitKeys(a));
  expect(docKeys(b), label).toEqual(docKeys(a));
  const close = (x: number, y: number, what: string) => expect(Math.abs(x - y) / Math.max(Math.abs(x), Math.abs(y), 1e-300), `${label} ${what}: ${x} vs ${y}`).toBeLessThanOrEqual(1e-6);
  const units = new Map(b.units.map((u) => [`${u.docId}/${u.kind}/${u.ref}`, u.score]));
  for (const u of a.units) close(u.score, units.get(`${u.docId}/${u.kind}/${u.ref}`)!, `${u.docId}/${u.ref}`);
  const documents = new Map(b.documents.map((d) => [d.docId, d.score]));
  for (const d of a.documents) close(d.score, documents.get(d.docId)!, d.docId);
  for (const hits of [a, b]) {
    for (const list of [hits.units, hits.documents]) for (let i = 1; i < list.length; i++) expect(list[i].score).toBeLessThanOrEqual(list[i - 1].score);
  }
}

describe("library index: both engines score alike", () => {
  let engines: Opened[];

  beforeAll(async () => {
    engines = await Promise.all([sqlite.open(), postgres.open()]);
  });
  afterAll(async () => {
    await Promise.all((engines ?? []).map((e) => e.close()));
  });

  const compare = async (queries: string[][], options: Partial<LibraryQuery>[] = [{}]) => {
    let compared = 0;
    for (const terms of queries) {
      for (const option of options) {
        const [a, b] = await Promise.all(engines.map((e) => e.index.search(query(terms, option))));
        expectSameHits(a, b, `${terms.join(",")} ${JSON.stringify(option)}`);
        compared += a.units.length + a.documents.length;
      }
    }
    return compared;
  };

  it("gives the same units and documents the same BM25 scores (within 1e-6)", async () => {
    const docs = corpus(7, 22);
    for (const e of engines) for (const d of docs) await e.index.put(d);
    const compared = await compare(QUERIES, [{}, { owner: "bob" }, { docIds: ["doc_1", "doc_2", "doc_3", "doc_7", "doc_10"] }, { fieldColumn: "name" }, { fieldColumn: "about", owner: "bob" }]);
    expect(compared).toBeGreaterThan(200);

  });

  it("after replacing, removing and refielding documents, scores as a fresh index of what remains", async () => {
    // Compared with a fresh SQLite index: SQLite's contentless FTS5 tables never take a
    // deleted row out of their row count and total length, so after replacements its own
    // N and avgdl no longer follow the contract (types.ts) until the index is rebuilt.
    const pgIndex = engines[1].index;
    await pgIndex.clear();
    const docs = new Map(corpus(7, 22).map((d) => [d.docId, d]));
    for (const d of docs.values()) await pgIndex.put(d);
    for (const d of corpus(11, 22).slice(0, 8)) {
      await pgIndex.put(d);
      docs.set(d.docId, d);
    }
    await pgIndex.remove(["doc_9", "doc_10", "doc_11"]);
    for (const id of ["doc_9", "doc_10", "doc_11"]) docs.delete(id);
    const fields = { name: "acme acme report", about: "revenue" };
    expect(await pgIndex.putFields("doc_12", "f99", fields)).toBe(true);
    docs.set("doc_12", { ...docs.get("doc_12")!, fieldsStamp: "f99", fields });

    const fresh = await sqlite.open();
    try {
      for (const d of docs.values()) await fresh.index.put(d);
      for (const terms of QUERIES) {
        for (const option of [{}, { owner: "bob" }, { fieldColumn: "name" as const }, { fieldColumn: "about" as const }]) {
          const [a, b] = await Promise.all([fresh.index.search(query(terms, option)), pgIndex.search(query(terms, option))]);
          expectSameHits(a, b, `${terms.join(",")} ${JSON.stringify(option)}`);
        }
      }
    } finally {
      await fresh.close();
    }
  });

  it("leaves very common terms out of the unit match past COMMON_TERM_MIN_UNITS units, as SQLite does", async () => {
    for (const e of engines) await e.index.clear();
    // 20,400 units: "common" in all, "frequent" in 1 of 5, "medium" in 1 of 20, "rare" in 1 of 1000.
    const docs = Array.from({ length: 17 }, (_, d) =>
      entry(
        `doc_${d}`,
        Array.from({ length: 1200 }, (_, u) => {
          const n = d * 1200 + u;
          const words = ["common", `w${n % 97}`, n % 5 === 0 ? "frequent" : "", n % 20 === 0 ? "medium" : "", n % 1000 === 0 ? "rare" : ""];
          return unit(String(u + 1), "", words.filter(Boolean).join(" "));
        }),
      ),
    );
    for (const e of engines) for (const d of docs) await e.index.put(d);
    const [sqliteHits, pgHits] = await Promise.all(engines.map((e) => e.index.search(query(["common", "rare"], { units: 1000 }))));
    expect(sqliteHits.units).toHaveLength(21); // only the rare term's units: "common" left out
    expectSameHits(sqliteHits, pgHits, "common rare");
    // All common: the rarest stays.
    const [a, b] = await Promise.all(engines.map((e) => e.index.search(query(["common", "frequent"], { units: 5000 }))));
    expect(a.units).toHaveLength(4080);
    expectSameHits(a, b, "common frequent");
    await compare([["medium", "frequent", "rare"], ["w3", "common"]], [{ units: 2000 }]);
  });
});

describe("library index on PostgreSQL: one index for every server", () => {
  it("a document put through one server is found through another; concurrent puts from both all land", async () => {
    const url = await server.createDatabase("lib");
    const [one, two] = await Promise.all([PgStore.open(url, scratch), PgStore.open(url, scratch)]);
    try {
      await one.library.put(entry("doc_x", [unit("1", "", "shared database")]));
      expect(unitKeys(await two.library.search(query(["database"])))).toEqual(["doc_x/page/1"]);

      // 20 documents from two servers at once; 5 of them put by both (the later put wins, whole).
      const puts = Array.from({ length: 20 }, (_, i) => [
        (i % 2 ? one : two).library.put(entry(`doc_${i}`, Array.from({ length: 30 }, (_, u) => unit(String(u + 1), "title", `word${i} page${u} common`)), { fields: { name: `name${i}`, about: "" } })),
        ...(i < 5 ? [(i % 2 ? two : one).library.put(entry(`doc_${i}`, Array.from({ length: 30 }, (_, u) => unit(String(u + 1), "title", `word${i} page${u} common`)), { fields: { name: `name${i}`, about: "" } }))] : []),
      ]);
      await Promise.all([...puts.flat(), one.library.remove(["doc_x"])]);
      const stamps = await two.library.stamps();
      expect(stamps.map((s) => s.docId).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `doc_${i}`).sort());
      for (let i = 0; i < 20; i++) expect((await one.library.search(query([`word${i}`], { units: 100 }))).units, `doc_${i}`).toHaveLength(30);
      const all = await two.library.search(query(["common"], { units: 1000 }));
      expect(all.units).toHaveLength(600);
      expect(all.indexed).toBe(20);

      // Then removes, refieldings and puts of overlapping documents, from both at once.
      const pages = (i: number, n: number) => Array.from({ length: n }, (_, u) => unit(String(u + 1), "", `again${i} common`));
      await Promise.all([
        one.library.remove(Array.from({ length: 10 }, (_, i) => `doc_${9 - i}`)),
        two.library.remove(["doc_3", "doc_12", "doc_4"]),
        ...Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).library.put(entry(`doc_${i + 5}`, pages(i + 5, 10 + i)))),
        ...Array.from({ length: 6 }, (_, i) => (i % 2 ? two : one).library.putFields(`doc_${i + 12}`, "f2", { name: `renamed${i}`, about: "x" })),
      ]);

      // The statistics row agrees with the tables; every unit belongs to a document, whole.
      // A client, not a pool: a pool's end() resolves before its connections have closed, and a
      // connection still closing when the database is dropped (WITH FORCE, below) emits an
      // error that a pool without a listener throws from nowhere.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(
        `SELECT s.units = (SELECT count(*) FROM library_units) AND s.unit_terms = (SELECT coalesce(sum(len), 0) FROM library_units)
            AND s.documents = (SELECT count(*) FROM library_documents) AND s.field_terms = (SELECT coalesce(sum(fields_len), 0) FROM library_documents) AS consistent
         FROM library_stats s`,
      );
      const { rows: units } = await client.query("SELECT d.doc_id, count(u.id)::int AS n, bool_and(u.terms @@ 'common'::tsquery) AS ok FROM library_units u LEFT JOIN library_documents d USING (doc_id) GROUP BY d.doc_id");
      await client.end();
      expect(rows).toEqual([{ consistent: true }]);
      expect(units.every((r) => r.doc_id !== null && r.ok && (r.n === 30 || r.n === Number(r.doc_id.slice(4)) + 5))).toBe(true);
      const held = new Set((await one.library.stamps()).map((s) => s.docId));
      for (let i = 0; i < 20; i++) if (i >= 10 && i !== 12) expect(held.has(`doc_${i}`), `doc_${i}`).toBe(true);
      expect(held.has("doc_0") || held.has("doc_1") || held.has("doc_2")).toBe(false);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await server.dropDatabase(url);
    }
  });

  it("keeps a term exactly: a quote or a backslash never joins or splits words", async () => {
    const url = await server.createDatabase("lib");
    const store = await PgStore.open(url, scratch);
    try {
      await store.library.put(entry("apart", [unit("1", "", "say hi back slash")]));
      await store.library.put(entry("long", [unit("1", "", `${"x".repeat(3000)} ${"é".repeat(1500)}`)]));
      expect(unitKeys(await store.library.search(query(['say"hi', "back\\slash", "say'hi"])))).toEqual([]);
      expect(unitKeys(await store.library.search(query(["x".repeat(3000)])))).toEqual(["long/page/1"]);
      expect(unitKeys(await store.library.search(query(["é".repeat(1500)])))).toEqual(["long/page/1"]);
      expect(unitKeys(await store.library.search(query(["x".repeat(2999)])))).toEqual([]);
    } finally {
      await store.close();
      await server.dropDatabase(url);
    }
  });

  it("puts a unit with more distinct terms than one tsvector holds: the most frequent stay findable", async () => {
    const url = await server.createDatabase("lib");
    const store = await PgStore.open(url, scratch);
    try {
      // 110k distinct terms: 1.5 MB of lexemes and positions, past PostgreSQL's 1 MB.
      const many = Array.from({ length: 110_000 }, (_, i) => `n${String(i).padStart(9, "0")}`).join(" ");
      await store.library.put(entry("huge", [unit("1", "", `frequent frequent ${many}`)]));
      await store.library.put(entry("small", [unit("1", "", "frequent")]));
      const hits = await store.library.search(query(["frequent"]));
      expect(unitKeys(hits)).toEqual(["huge/page/1", "small/page/1"]);
      // Its length still counts every term: far longer than average, it ranks below the short unit.
      expect(hits.units.map((u) => u.docId)).toEqual(["small", "huge"]);
    } finally {
      await store.close();
      await server.dropDatabase(url);
    }
  });

  it("tells onCommit listeners the documents and folders a committed write changed, and nothing of a rolled back one", async () => {
    const url = await server.createDatabase("lib");
    const store = await PgStore.open(url, scratch);
    try {
      const seen: unknown[] = [];
      const stop = store.onCommit((changes) => seen.push(changes));
      const now = new Date().toISOString();
      await store.write((tx) => tx.folders.insert({ id: "fld_1", owner: "alice", name: "F", parentId: null, createdAt: now } as never));
      // Every method of a watched handle still works (the feed wraps insert, update and remove).
      await store.write(async (tx) => {
        expect(await tx.folders.get("fld_1")).toMatchObject({ name: "F" });
        expect(await tx.folders.find({ owner: "alice" })).toHaveLength(1);
        expect(await tx.folders.count()).toBe(1);
        expect((await tx.folders.findPage(undefined, { limit: 1 })).total).toBe(1);
        expect(await tx.documents.aggregate(undefined, { groupBy: [], aggregates: { n: { op: "$count", field: null } } })).toEqual([]);
        expect(await tx.folders.update("fld_missing", { name: "G" } as never)).toBeUndefined();
      });
      await store.write(() => undefined);
      await expect(store.write(async (tx) => {
        await tx.folders.remove("fld_1");
        throw new Error("rolled back");
      })).rejects.toThrow("rolled back");
      stop();
      await store.write((tx) => tx.folders.remove("fld_1"));
      expect(seen).toEqual([{ documents: [], folders: ["fld_1"] }]);
    } finally {
      await store.close();
      await server.dropDatabase(url);
    }
  });
});

describe("library index on SQLite: a damaged file", () => {
  it("is set aside and the index opens empty", async () => {
    const home = await makeTempHome("treeindex-library-damaged-");
    try {
      const first = SqliteLibraryIndex.open(home);
      await first.put(entry("doc_1", [unit("1", "", "words")]));
      await first.close();
      const file = path.join(home, "library.sqlite");
      await fs.writeFile(file, randomBytes(64 * 1024));
      const index = SqliteLibraryIndex.open(home);
      expect(index.recreated).toEqual(expect.any(String));
      expect(await index.stamps()).toEqual([]);
      await index.put(entry("doc_2", [unit("1", "", "words")]));
      expect(unitKeys(await index.search(query(["words"])))).toEqual(["doc_2/page/1"]);
      await index.close();
      expect((await fs.readdir(home)).some((f) => f.startsWith("library.sqlite.damaged-"))).toBe(true);
      const again = SqliteLibraryIndex.open(home);
      expect(again.recreated).toBeNull();
      await again.close();
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});
