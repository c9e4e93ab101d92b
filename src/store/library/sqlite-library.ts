/**
 * The file store's library index: SQLite FTS5 (better-sqlite3) in `<home>/library.sqlite`,
 * beside the catalogue. Contentless FTS5 tables (the text lives in the document's blobs;
 * only postings and statistics are kept), with `contentless_delete` so a document's rows
 * can be replaced. WAL mode lets the processes sharing a home (the desktop client's `mcp`
 * beside `serve`) read while one writes; writers wait for each other (busy timeout).
 *
 * A file that is not a database, or whose schema is damaged, is set aside and recreated
 * empty: the index is derived data, and `src/core/library` refills it from the catalogue.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
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
} from "./types.ts";

const SCHEMA_VERSION = "1";
/** Terms are analysed already: the tokenizer must only split on spaces and keep "10-k", "2.3.1", "o'brien". */
const TOKENIZE = `tokenize = "unicode61 remove_diacritics 0 tokenchars '-./''_'"`;
const KIND_CODE: Record<LibraryUnit["kind"], number> = { page: 0, section: 1 };
const KIND_OF = ["page", "section"] as const;
interface UnitRow {
  docId: string;
  kind: number;
  ref: string;
  score: number;
}
/** How long a term's unit count is trusted, and how many counts are kept (see unitFrequency). */
const FREQUENCY_TTL_MS = 60_000;
const FREQUENCIES_KEPT = 10_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs (
  id INTEGER PRIMARY KEY,
  doc_id TEXT NOT NULL UNIQUE,
  owner TEXT NOT NULL,
  content_stamp TEXT NOT NULL,
  fields_stamp TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS docs_owner ON docs(owner);
CREATE TABLE IF NOT EXISTS units (id INTEGER PRIMARY KEY, doc INTEGER NOT NULL, kind INTEGER NOT NULL, ref TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS units_doc ON units(doc);
CREATE VIRTUAL TABLE IF NOT EXISTS unit_text USING fts5(title, body, content = '', contentless_delete = 1, ${TOKENIZE});
CREATE VIRTUAL TABLE IF NOT EXISTS doc_fields USING fts5(name, about, content = '', contentless_delete = 1, ${TOKENIZE});
CREATE VIRTUAL TABLE IF NOT EXISTS unit_vocab USING fts5vocab(unit_text, row);
`;

export class SqliteLibraryIndex implements LibraryIndex {
  /** Why the file was recreated at open, if it was (logged by the caller). */
  readonly recreated: string | null;
  private db: Database.Database;

  private constructor(
    private readonly file: string,
    opened: { db: Database.Database; recreated: string | null },
  ) {
    this.db = opened.db;
    this.recreated = opened.recreated;
  }

  static open(home: string): SqliteLibraryIndex {
    const file = path.join(home, "library.sqlite");
    return new SqliteLibraryIndex(file, openOrRecreate(file));
  }

  async put(entry: LibraryEntry): Promise<void> {
    this.unitTotal.at = 0;
    this.db.transaction(() => {
      this.removeOne(entry.docId);
      const { lastInsertRowid: doc } = this.db
        .prepare("INSERT INTO docs (doc_id, owner, content_stamp, fields_stamp) VALUES (?, ?, ?, ?)")
        .run(entry.docId, entry.owner, entry.contentStamp, entry.fieldsStamp);
      this.db.prepare("INSERT INTO doc_fields (rowid, name, about) VALUES (?, ?, ?)").run(doc, entry.fields.name, entry.fields.about);
      const unit = this.db.prepare("INSERT INTO units (doc, kind, ref) VALUES (?, ?, ?)");
      const text = this.db.prepare("INSERT INTO unit_text (rowid, title, body) VALUES (?, ?, ?)");
      for (const u of entry.units) {
        const { lastInsertRowid: id } = unit.run(doc, KIND_CODE[u.kind], u.ref);
        text.run(id, u.title, u.body);
      }
    })();
  }

  async putFields(docId: string, fieldsStamp: string, fields: LibraryFields): Promise<boolean> {
    return this.db.transaction(() => {
      const row = this.db.prepare("SELECT id FROM docs WHERE doc_id = ?").get(docId) as { id: number } | undefined;
      if (!row) return false;
      this.db.prepare("DELETE FROM doc_fields WHERE rowid = ?").run(row.id);
      this.db.prepare("INSERT INTO doc_fields (rowid, name, about) VALUES (?, ?, ?)").run(row.id, fields.name, fields.about);
      this.db.prepare("UPDATE docs SET fields_stamp = ? WHERE id = ?").run(fieldsStamp, row.id);
      return true;
    })();
  }

  async remove(docIds: string[]): Promise<void> {
    this.unitTotal.at = 0;
    this.db.transaction(() => {
      for (const id of docIds) this.removeOne(id);
    })();
  }

  private removeOne(docId: string): void {
    const row = this.db.prepare("SELECT id FROM docs WHERE doc_id = ?").get(docId) as { id: number } | undefined;
    if (!row) return;
    this.db.prepare("DELETE FROM unit_text WHERE rowid IN (SELECT id FROM units WHERE doc = ?)").run(row.id);
    this.db.prepare("DELETE FROM units WHERE doc = ?").run(row.id);
    this.db.prepare("DELETE FROM doc_fields WHERE rowid = ?").run(row.id);
    this.db.prepare("DELETE FROM docs WHERE id = ?").run(row.id);
  }

  async search(query: LibraryQuery): Promise<LibraryHits> {
    const scope = query.docIds ? JSON.stringify(query.docIds) : null;
    // Scope: the owner's documents, or the listed ones among them.
    const inScope = scope === null ? "d.owner = @owner" : "d.owner = @owner AND d.doc_id IN (SELECT value FROM json_each(@scope))";
    const indexed = query.count === false ? -1 : (this.db.prepare(`SELECT count(*) AS n FROM docs d WHERE ${inScope}`).get({ owner: query.owner, scope }) as { n: number }).n;
    if (query.terms.length === 0 || indexed === 0) return { documents: [], units: [], indexed };

    const units = query.units <= 0 ? [] : this.topUnits(matchExpression(this.selectiveTerms(query.terms)), query.owner, scope, query.units);
    const documents = query.documents <= 0 ? [] : this.db
      .prepare(
        `SELECT d.doc_id AS docId, -bm25(doc_fields, ${FIELD_WEIGHTS.name}, ${FIELD_WEIGHTS.about}) AS score
         FROM doc_fields JOIN docs d ON d.id = doc_fields.rowid
         WHERE doc_fields MATCH @match AND ${inScope}
         ORDER BY score DESC LIMIT @limit`,
      )
      .all({ match: query.fieldColumn ? `{${query.fieldColumn}} : (${matchExpression(query.terms)})` : matchExpression(query.terms), owner: query.owner, scope, limit: query.documents }) as { docId: string; score: number }[];
    return { documents, units: units.map((u) => ({ docId: u.docId, kind: KIND_OF[u.kind], ref: u.ref, score: u.score })), indexed };
  }

  /**
   * The best units for a match expression in scope. Joining every match to its document
   * before sorting costs a third of the query (a common word matches 100,000 pages), so
   * an unscoped query first takes the best units of the whole index and joins only those;
   * when all of them are the owner's (one person's library) that is the answer. Otherwise
   * (other owners' units among them) the query runs again with the join, so the answer is
   * always exactly the best units in scope.
   */
  private topUnits(match: string, owner: string, scope: string | null, limit: number): UnitRow[] {
    const select = `SELECT d.doc_id AS docId, d.owner AS owner, u.kind AS kind, u.ref AS ref, top.score AS score`;
    if (scope === null) {
      const best = this.db
        .prepare(
          `${select} FROM (SELECT rowid, -bm25(unit_text, ${UNIT_WEIGHTS.title}, ${UNIT_WEIGHTS.body}) AS score FROM unit_text
             WHERE unit_text MATCH @match ORDER BY score DESC LIMIT @limit) top
           JOIN units u ON u.id = top.rowid JOIN docs d ON d.id = u.doc ORDER BY top.score DESC`,
        )
        .all({ match, limit }) as (UnitRow & { owner: string })[];
      if (best.every((u) => u.owner === owner)) return best;
    }
    const inScope = scope === null ? "d.owner = @owner" : "d.owner = @owner AND d.doc_id IN (SELECT value FROM json_each(@scope))";
    return this.db
      .prepare(
        `SELECT d.doc_id AS docId, u.kind AS kind, u.ref AS ref, -bm25(unit_text, ${UNIT_WEIGHTS.title}, ${UNIT_WEIGHTS.body}) AS score
         FROM unit_text JOIN units u ON u.id = unit_text.rowid JOIN docs d ON d.id = u.doc
         WHERE unit_text MATCH @match AND ${inScope}
         ORDER BY score DESC LIMIT @limit`,
      )
      .all({ match, owner, scope, limit }) as UnitRow[];
  }

  /** The query terms the unit match uses (see COMMON_TERM_SHARE in types.ts). */
  private selectiveTerms(terms: string[]): string[] {
    const total = this.unitCount();
    if (total <= COMMON_TERM_MIN_UNITS) return terms;
    const df = new Map(terms.map((t) => [t, this.unitFrequency(t)]));
    const kept = terms.filter((t) => df.get(t)! <= total * COMMON_TERM_SHARE);
    return kept.length ? kept : [terms.reduce((a, b) => (df.get(b)! < df.get(a)! ? b : a))];
  }

  /**
   * Units in the index, counted again after this process changed the index or after a
   * while (another process's changes; a count of 500,000 rows costs ~10 ms, and it only
   * sets the speed rule's threshold, so a count a few seconds old will do).
   */
  private unitTotal = { value: 0, at: 0 };
  private unitCount(): number {
    if (Date.now() - this.unitTotal.at > 10_000) this.unitTotal = { value: (this.db.prepare("SELECT count(*) AS n FROM units").get() as { n: number }).n, at: Date.now() };
    return this.unitTotal.value;
  }

  /**
   * In how many units a term occurs. fts5vocab counts by reading the term's whole posting
   * list (30 ms for a term on 300,000 of 500,000 pages), and the common terms, the costly
   * ones, recur in most questions: counts are kept for a minute. Only the speed rule reads
   * them, and a document more or less does not move a term across its threshold.
   */
  private readonly frequencies = new Map<string, { df: number; at: number }>();
  private unitFrequency(term: string): number {
    const now = Date.now();
    const known = this.frequencies.get(term);
    if (known && now - known.at < FREQUENCY_TTL_MS) return known.df;
    const df = (this.db.prepare("SELECT doc FROM unit_vocab WHERE term = ?").get(term) as { doc: number } | undefined)?.doc ?? 0;
    if (this.frequencies.size >= FREQUENCIES_KEPT) this.frequencies.clear();
    this.frequencies.set(term, { df, at: now });
    return df;
  }

  async stamps(docIds?: string[]): Promise<LibraryStamp[]> {
    const columns = "doc_id AS docId, owner, content_stamp AS contentStamp, fields_stamp AS fieldsStamp";
    if (!docIds) return this.db.prepare(`SELECT ${columns} FROM docs`).all() as LibraryStamp[];
    return this.db.prepare(`SELECT ${columns} FROM docs WHERE doc_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(docIds)) as LibraryStamp[];
  }

  async clear(): Promise<void> {
    this.unitTotal.at = 0;
    this.db.close();
    removeDatabase(this.file);
    this.db = openOrRecreate(this.file).db;
  }

  async size(): Promise<number> {
    let bytes = 0;
    for (const suffix of ["", "-wal"]) {
      try {
        bytes += fs.statSync(this.file + suffix).size;
      } catch {
        // absent
      }
    }
    return bytes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** An FTS5 query matching any of the terms, each quoted (terms may hold FTS5 operators' characters). */
function matchExpression(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}

function openOrRecreate(file: string): { db: Database.Database; recreated: string | null } {
  try {
    return { db: openDatabase(file), recreated: null };
  } catch (error) {
    // Damaged (not a database, a broken schema, a version we do not know): set aside, start empty.
    const reason = (error as Error).message;
    try {
      fs.renameSync(file, `${file}.damaged-${Date.now()}`);
    } catch {
      removeDatabase(file);
    }
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    return { db: openDatabase(file), recreated: reason };
  }
}

function openDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: 15_000 });
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(SCHEMA);
    const version = (db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined)?.value;
    if (version === undefined) db.prepare("INSERT INTO meta (key, value) VALUES ('schema', ?)").run(SCHEMA_VERSION);
    else if (version !== SCHEMA_VERSION) throw new Error(`library index schema ${version}, expected ${SCHEMA_VERSION}`);
    // Reads every table once: a damaged page in the schema or the FTS structure fails here, at start.
    db.prepare("SELECT count(*) FROM docs").get();
    db.prepare("SELECT count(*) FROM unit_vocab WHERE term = ''").get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function removeDatabase(file: string): void {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}
