/**
 * The PostgreSQL store's library index: tables of migration 004 in the shared database, so
 * every server searches and fills one index. Matching uses PostgreSQL's full-text search
 * (tsvector rows, GIN indexes); scoring is SQLite FTS5's `bm25()`, computed in SQL, because
 * `ts_rank` has no idf and the contract (types.ts) wants the same scores in both engines.
 *
 * Vectors: each lexeme of a row carries at most two positions that hold counts, not
 * places (see 004_library.sql): 2 x occurrences in the first column (title, name), and
 * 2 x occurrences in the second (body, about) + 1. The column weights are applied at query
 * time, so a term's frequency is exact (up to 8191 per column) and the vectors stay small.
 *
 * Search, in one REPEATABLE READ snapshot:
 * - N and the total of row lengths come from `library_stats`, which every write updates in
 *   the transaction that changes the rows (one row, read in O(1); at 50k units count(*) +
 *   sum(len) took 4 ms warm, 40 ms cold, and grows with the table).
 * - Document frequencies are counted through the GIN indexes at query time, one bitmap
 *   scan per query term (a maintained term table would cost every put an upsert per distinct
 *   term, on rows all servers contend for). Where the speed rule may apply, unit counts stop
 *   just past its threshold: a common term is never counted in full.
 * - Candidates are rows matching any kept term (`@@` an OR of quoted lexemes, GIN); for each,
 *   `setweight` marks the query's lexemes (binary search) and `ts_filter` keeps only them, so
 *   only a handful of lexemes are unnested per row rather than the whole vector (3 to 6x
 *   faster than unnesting it all, at 50k units).
 * - Sequential scans are off for the transaction: the planner does not price reading the
 *   vectors out of line, and a seq scan reads every row's vector (1.4 s at 50k units) where
 *   the GIN index reads the candidates' only.
 *
 * Writes lock the document's row first (FOR UPDATE, or the insert of a new one), then touch
 * its units, then the statistics row last: two servers putting the same document serialise,
 * and no cycle of locks can form (`remove` locks its rows in doc_id order; `clear` truncates
 * in the same table order as the writes).
 */
import { createHash } from "node:crypto";
import type pg from "pg";
import {
  COMMON_TERM_MIN_UNITS,
  COMMON_TERM_SHARE,
  FIELD_WEIGHTS,
  UNIT_WEIGHTS,
  type LibraryEntry,
  type LibraryFields,
  type LibraryHits,
  type LibraryIndex,
  type LibraryQuery,
  type LibraryStamp,
  type LibraryUnit,
  type LibraryUnitHit,
} from "../library/types.ts";
import { withConnection } from "./checkout.ts";

const KIND_CODE: Record<LibraryUnit["kind"], number> = { page: 0, section: 1 };
const KIND_OF = ["page", "section"] as const;

/** BM25 as FTS5 computes it. */
const K1 = 1.2;
const B = 0.75;
const MIN_IDF = 1e-6;

/** Positions run 1..16383: 2 x 8191 + 1 is the largest odd one. */
const MAX_COUNT = 8191;
/** PostgreSQL refuses longer lexemes ("word is too long"). */
const MAX_LEXEME_BYTES = 2046;
/**
 * A tsvector's lexemes and positions may total 1 MB (each lexeme padded to even bytes, then
 * 2 bytes of count and 2 per position); a row beyond this keeps its most frequent terms.
 */
const MAX_VECTOR_BYTES = 1_000_000;
/** Units inserted per statement, by size of their vectors' text. */
const INSERT_BATCH_BYTES = 4 << 20;

const SEARCH_BEGIN = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_seqscan = off";

type Queryable = Pick<pg.PoolClient, "query">;

interface Stats {
  units: number;
  unitTerms: number;
  documents: number;
  fieldTerms: number;
}

interface Vector {
  /** tsvector literal. */
  text: string;
  /** Terms over both columns (BM25's row length), counted before any clamping. */
  length: number;
}

export class PgLibraryIndex implements LibraryIndex {
  constructor(private readonly pool: pg.Pool) {}

  async put(entry: LibraryEntry): Promise<void> {
    const fields = vector(entry.fields.name, entry.fields.about);
    const units = entry.units.map((u) => ({ kind: KIND_CODE[u.kind], ref: u.ref, ...vector(u.title, u.body) }));
    await this.transaction(async (client) => {
      const previous = await lockOrInsertDocument(client, entry, fields);
      const removed = await deleteUnits(client, [entry.docId]);
      for (const batch of batches(units)) {
        await client.query(
          `INSERT INTO library_units (doc_id, kind, ref, terms, len)
           SELECT $1, k, r, t::tsvector, l FROM unnest($2::smallint[], $3::text[], $4::text[], $5::int[]) WITH ORDINALITY AS x(k, r, t, l, i) ORDER BY i`,
          [entry.docId, batch.map((u) => u.kind), batch.map((u) => u.ref), batch.map((u) => u.text), batch.map((u) => u.length)],
        );
      }
      await addStats(client, {
        units: units.length - removed.units,
        unitTerms: sum(units.map((u) => u.length)) - removed.terms,
        documents: previous === null ? 1 : 0,
        fieldTerms: fields.length - (previous ?? 0),
      });
    });
  }

  async putFields(docId: string, fieldsStamp: string, fields: LibraryFields): Promise<boolean> {
    const next = vector(fields.name, fields.about);
    return this.transaction(async (client) => {
      const { rows } = await client.query<{ fields_len: number }>("SELECT fields_len FROM library_documents WHERE doc_id = $1 FOR UPDATE", [docId]);
      if (rows.length === 0) return false;
      await client.query("UPDATE library_documents SET fields_stamp = $2, fields = $3::tsvector, fields_len = $4 WHERE doc_id = $1", [docId, fieldsStamp, next.text, next.length]);
      await addStats(client, { units: 0, unitTerms: 0, documents: 0, fieldTerms: next.length - rows[0].fields_len });
      return true;
    });
  }

  async remove(docIds: string[]): Promise<void> {
    if (docIds.length === 0) return;
    await this.transaction(async (client) => {
      // Only documents this transaction holds locked: a put committing meanwhile keeps its rows whole.
      const { rows } = await client.query<{ doc_id: string; fields_len: number }>(
        "SELECT doc_id, fields_len FROM library_documents WHERE doc_id = ANY($1::text[]) ORDER BY doc_id FOR UPDATE",
        [docIds],
      );
      if (rows.length === 0) return;
      const held = rows.map((r) => r.doc_id);
      await client.query("DELETE FROM library_documents WHERE doc_id = ANY($1::text[])", [held]);
      const removed = await deleteUnits(client, held);
      await addStats(client, { units: -removed.units, unitTerms: -removed.terms, documents: -rows.length, fieldTerms: -sum(rows.map((r) => r.fields_len)) });
    });
  }

  async search(query: LibraryQuery): Promise<LibraryHits> {
    return this.transaction(async (client) => {
      const scoped = query.docIds !== undefined;
      const { rows } = await client.query(
        `SELECT (SELECT count(*) FROM library_documents WHERE owner = $1${scoped ? " AND doc_id = ANY($2::text[])" : ""})::int AS indexed,
                units, unit_terms, documents, field_terms
         FROM library_stats`,
        scoped ? [query.owner, query.docIds] : [query.owner],
      );
      const indexed: number = rows[0].indexed;
      const stats: Stats = { units: Number(rows[0].units), unitTerms: Number(rows[0].unit_terms), documents: Number(rows[0].documents), fieldTerms: Number(rows[0].field_terms) };
      const terms = query.terms.map(lexemeOf).filter((t) => t !== "");
      if (terms.length === 0 || indexed === 0) return { documents: [], units: [], indexed };

      // Frequencies only for the searches asked for (units: 0 or documents: 0 skips one). Where
      // the speed rule may apply, unit counts stop just past its threshold.
      const wantUnits = query.units > 0;
      const wantDocuments = query.documents > 0;
      const applies = wantUnits && stats.units > COMMON_TERM_MIN_UNITS;
      const distinct = [...new Set(terms)];
      const count = (unitCap: number | null) => frequencies(client, distinct, { units: wantUnits, documents: wantDocuments, fieldColumn: query.fieldColumn, unitCap });
      const df = await count(applies ? Math.floor(stats.units * COMMON_TERM_SHARE) + 1 : null);
      let unitTerms = terms;
      if (applies) {
        unitTerms = terms.filter((t) => df.get(t)!.units <= stats.units * COMMON_TERM_SHARE);
        if (unitTerms.length === 0) {
          const exact = await count(null);
          unitTerms = [terms.reduce((a, b) => (exact.get(b)!.units < exact.get(a)!.units ? b : a))];
          for (const [t, n] of exact) df.set(t, n);
        }
      }

      const units = wantUnits ? await this.scoreUnits(client, query, stats, weighted(unitTerms, (t) => idf(stats.units, df.get(t)!.units), (t) => df.get(t)!.units > 0)) : [];
      const documents = wantDocuments
        ? await this.scoreDocuments(client, query, stats, weighted(terms, (t) => idf(stats.documents, df.get(t)!.documents), (t) => df.get(t)!.documents > 0, query.fieldColumn))
        : [];
      return { documents, units, indexed };
    }, SEARCH_BEGIN);
  }

  private async scoreUnits(client: Queryable, query: LibraryQuery, stats: Stats, terms: WeightedTerms): Promise<LibraryUnitHit[]> {
    if (terms.lexemes.length === 0) return [];
    const { rows } = await client.query<{ doc_id: string; kind: number; ref: string; score: number }>(
      `SELECT u.doc_id, u.kind, u.ref, s.score
       FROM library_units u
       JOIN library_documents d ON d.doc_id = u.doc_id
       CROSS JOIN LATERAL (${bm25("u.terms", "u.len", UNIT_WEIGHTS.title, UNIT_WEIGHTS.body)}) s
       WHERE u.terms @@ $3::tsquery AND d.owner = $5${query.docIds ? " AND u.doc_id = ANY($7::text[])" : ""}
       ORDER BY s.score DESC, u.id
       LIMIT $6`,
      [terms.lexemes, terms.idf, terms.tsquery, average(stats.unitTerms, stats.units), query.owner, query.units, ...(query.docIds ? [query.docIds] : [])],
    );
    return rows.map((r) => ({ docId: r.doc_id, kind: KIND_OF[r.kind], ref: r.ref, score: r.score }));
  }

  private async scoreDocuments(client: Queryable, query: LibraryQuery, stats: Stats, terms: WeightedTerms): Promise<{ docId: string; score: number }[]> {
    if (terms.lexemes.length === 0) return [];
    // With `fieldColumn`, as FTS5 with a column filter: only that column's occurrences count
    // (the tsquery matches its weight only; the other column weighs 0). N and the row lengths
    // stay those of both columns.
    const only = query.fieldColumn;
    const { rows } = await client.query<{ doc_id: string; score: number }>(
      `SELECT d.doc_id, s.score
       FROM library_documents d
       CROSS JOIN LATERAL (${bm25("d.fields", "d.fields_len", only === "about" ? 0 : FIELD_WEIGHTS.name, only === "name" ? 0 : FIELD_WEIGHTS.about)}) s
       WHERE d.fields @@ $3::tsquery AND d.owner = $5${query.docIds ? " AND d.doc_id = ANY($7::text[])" : ""}
       ORDER BY s.score DESC, d.doc_id
       LIMIT $6`,
      [terms.lexemes, terms.idf, terms.tsquery, average(stats.fieldTerms, stats.documents), query.owner, query.documents, ...(query.docIds ? [query.docIds] : [])],
    );
    return rows.map((r) => ({ docId: r.doc_id, score: r.score }));
  }

  async stamps(docIds?: string[]): Promise<LibraryStamp[]> {
    const { rows } = await this.pool.query<LibraryStamp>(
      `SELECT doc_id AS "docId", owner, content_stamp AS "contentStamp", fields_stamp AS "fieldsStamp" FROM library_documents${docIds ? " WHERE doc_id = ANY($1::text[])" : ""} ORDER BY doc_id`,
      docIds ? [docIds] : [],
    );
    return rows;
  }

  async clear(): Promise<void> {
    await this.transaction(async (client) => {
      // Same table order as the writes take their locks in.
      await client.query("TRUNCATE library_documents, library_units RESTART IDENTITY");
      await client.query("UPDATE library_stats SET units = 0, unit_terms = 0, documents = 0, field_terms = 0");
    });
  }

  async size(): Promise<number> {
    const { rows } = await this.pool.query(
      "SELECT (pg_total_relation_size('library_documents') + pg_total_relation_size('library_units') + pg_total_relation_size('library_stats'))::float8 AS bytes",
    );
    return rows[0].bytes;
  }

  /** The pool belongs to the store, which ends it. */
  async close(): Promise<void> {}

  private transaction<T>(fn: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
    return withConnection(this.pool, async (client, discard) => {
      await client.query(begin);
      try {
        const result = await fn(client);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(discard);
        throw error;
      }
    });
  }
}

/**
 * Locks the document's row (or inserts it) and writes its stamps and fields. Returns the
 * previous row's field length, or null when the document is new.
 */
async function lockOrInsertDocument(client: Queryable, entry: LibraryEntry, fields: Vector): Promise<number | null> {
  const values = [entry.docId, entry.owner, entry.contentStamp, entry.fieldsStamp, fields.text, fields.length];
  for (;;) {
    const { rows } = await client.query<{ fields_len: number }>("SELECT fields_len FROM library_documents WHERE doc_id = $1 FOR UPDATE", [entry.docId]);
    if (rows.length > 0) {
      await client.query(
        "UPDATE library_documents SET owner = $2, content_stamp = $3, fields_stamp = $4, fields = $5::tsvector, fields_len = $6 WHERE doc_id = $1",
        values,
      );
      return rows[0].fields_len;
    }
    // New here; a put of the same document from another server may be inserting it too: the
    // loser of the race waits for the winner's commit, then takes the update path above.
    const inserted = await client.query(
      `INSERT INTO library_documents (doc_id, owner, content_stamp, fields_stamp, fields, fields_len)
       VALUES ($1, $2, $3, $4, $5::tsvector, $6) ON CONFLICT (doc_id) DO NOTHING`,
      values,
    );
    if (inserted.rowCount === 1) return null;
  }
}

async function deleteUnits(client: Queryable, docIds: string[]): Promise<{ units: number; terms: number }> {
  const { rows } = await client.query(
    "WITH d AS (DELETE FROM library_units WHERE doc_id = ANY($1::text[]) RETURNING len) SELECT count(*)::int AS units, coalesce(sum(len), 0)::float8 AS terms FROM d",
    [docIds],
  );
  return { units: rows[0].units, terms: rows[0].terms };
}

/** Last statement of every write: the row lock it takes is held only until the commit. */
async function addStats(client: Queryable, delta: Stats): Promise<void> {
  await client.query(
    "UPDATE library_stats SET units = units + $1, unit_terms = unit_terms + $2, documents = documents + $3, field_terms = field_terms + $4 WHERE id = 1",
    [delta.units, delta.unitTerms, delta.documents, delta.fieldTerms],
  );
}

/**
 * Per distinct lexeme, how many units and documents hold it (documents: in `fieldColumn`
 * only, when given), counted through the GIN indexes; a count not asked for is 0. With
 * `unitCap`, a unit count stops there (the caller only needs to know that the term passes
 * the speed rule's threshold).
 */
async function frequencies(
  client: Queryable,
  lexemes: string[],
  want: { units: boolean; documents: boolean; fieldColumn: LibraryQuery["fieldColumn"]; unitCap: number | null },
): Promise<Map<string, { units: number; documents: number }>> {
  const units = want.units ? "(SELECT count(*) FROM (SELECT 1 FROM library_units WHERE terms @@ q LIMIT $3) x)::int" : "0";
  const documents = want.documents ? "(SELECT count(*) FROM library_documents WHERE fields @@ f)::int" : "0";
  const { rows } = await client.query<{ units: number; documents: number }>(
    `SELECT ${units} AS units, ${documents} AS documents
     FROM unnest($1::tsquery[], $2::tsquery[]) WITH ORDINALITY AS t(q, f, i)
     ORDER BY i`,
    [lexemes.map((t) => quote(t)), lexemes.map((t) => quote(t, want.fieldColumn)), ...(want.units ? [want.unitCap] : [])],
  );
  return new Map(lexemes.map((t, i) => [t, rows[i]]));
}

interface WeightedTerms {
  /** Distinct lexemes that some row holds. */
  lexemes: string[];
  /** Their idf, times how often the query lists them (FTS5 scores each listed phrase). */
  idf: number[];
  tsquery: string;
}

function weighted(terms: string[], idfOf: (t: string) => number, present: (t: string) => boolean, fieldColumn?: LibraryQuery["fieldColumn"]): WeightedTerms {
  const byLexeme = new Map<string, number>();
  for (const t of terms) if (present(t)) byLexeme.set(t, (byLexeme.get(t) ?? 0) + idfOf(t));
  const lexemes = [...byLexeme.keys()];
  return { lexemes, idf: [...byLexeme.values()], tsquery: lexemes.map((t) => quote(t, fieldColumn)).join(" | ") };
}

/**
 * A lateral subquery scoring one row: FTS5's bm25() over the query's lexemes ($1, with
 * idf $2; $4 the average row length). A position p holds a count: even, p/2 in the first
 * column; odd, (p-1)/2 = p/2 (integer division) in the second.
 */
function bm25(vectorColumn: string, lengthColumn: string, firstWeight: number, secondWeight: number): string {
  const count = (p: string) => `CASE WHEN ${p} % 2 = 0 THEN ${firstWeight} ELSE ${secondWeight} END * (${p} / 2)`;
  return `SELECT sum(t.idf * ((t.tf * (${K1}::float8 + 1.0)) / (t.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * ${lengthColumn} / $4::float8)))) AS score
          FROM (SELECT ($2::float8[])[array_position($1::text[], m.lexeme)] AS idf,
                       (${count("m.positions[1]")} + coalesce(${count("m.positions[2]")}, 0))::float8 AS tf
                FROM unnest(ts_filter(setweight(${vectorColumn}, 'B', $1::text[]), '{b}')) AS m) t`;
}

function idf(rows: number, hits: number): number {
  const value = Math.log((rows - hits + 0.5) / (hits + 0.5));
  return value <= 0 ? MIN_IDF : value;
}

function average(total: number, rows: number): number {
  return rows > 0 && total > 0 ? total / rows : 1;
}

/**
 * The lexeme that stands for an analysed term: the term itself, without U+0000 (text
 * cannot hold it); one longer than PostgreSQL allows becomes a prefix and a hash of it.
 */
function lexemeOf(term: string): string {
  const clean = term.includes("\0") ? term.replaceAll("\0", "") : term;
  if (Buffer.byteLength(clean) <= MAX_LEXEME_BYTES) return clean;
  return `${clean.slice(0, 200)}#${createHash("sha256").update(clean).digest("hex")}`;
}

/**
 * A lexeme quoted for a tsvector or tsquery literal: no parser or configuration splits it.
 * With a field column, a tsquery operand matching that column's positions only (name: A, about: D).
 */
function quote(lexeme: string, fieldColumn?: LibraryQuery["fieldColumn"]): string {
  const quoted = `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  return fieldColumn === undefined ? quoted : `${quoted}:${fieldColumn === "name" ? "A" : "D"}`;
}

/** Two columns of space-separated terms as a tsvector literal (see the header for the positions). */
function vector(first: string, second: string): Vector {
  const counts = new Map<string, [number, number]>();
  let length = 0;
  for (const [column, text] of [first, second].entries()) {
    for (const term of text.split(/\s+/)) {
      if (term === "") continue;
      length++;
      const lexeme = lexemeOf(term);
      if (lexeme === "") continue;
      let entry = counts.get(lexeme);
      if (!entry) counts.set(lexeme, (entry = [0, 0]));
      entry[column]++;
    }
  }
  let entries = [...counts];
  const cost = ([lexeme, [inFirst, inSecond]]: [string, [number, number]]) => {
    const bytes = Buffer.byteLength(lexeme);
    return bytes + (bytes % 2) + 2 + (inFirst > 0 ? 2 : 0) + (inSecond > 0 ? 2 : 0);
  };
  if (sum(entries.map(cost)) > MAX_VECTOR_BYTES) {
    // Beyond what one tsvector holds (a huge section of distinct numbers): the most frequent terms stay findable.
    entries.sort((a, b) => b[1][0] + b[1][1] - (a[1][0] + a[1][1]));
    let kept = 0;
    for (let bytes = 0; kept < entries.length && bytes + cost(entries[kept]) <= MAX_VECTOR_BYTES; kept++) bytes += cost(entries[kept]);
    entries = entries.slice(0, kept);
  }
  const parts: string[] = [];
  for (const [lexeme, [inFirst, inSecond]] of entries) {
    const positions: string[] = [];
    if (inFirst > 0) positions.push(`${2 * Math.min(inFirst, MAX_COUNT)}A`);
    if (inSecond > 0) positions.push(`${2 * Math.min(inSecond, MAX_COUNT) + 1}`);
    parts.push(`${quote(lexeme)}:${positions.join(",")}`);
  }
  return { text: parts.join(" "), length };
}

function* batches<T extends { text: string }>(units: T[]): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const unit of units) {
    if (batch.length > 0 && bytes + unit.text.length > INSERT_BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(unit);
    bytes += unit.text.length;
  }
  if (batch.length > 0) yield batch;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
