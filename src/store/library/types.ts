/**
 * The library index: one lexical index over every completed document of the store (pages
 * and sections, plus each document's own fields), with corpus-wide BM25 statistics, so a
 * score from one document compares with a score from another. It is derived data: the
 * catalogue stays the source of truth, and `src/core/library` keeps this index in line with
 * it (after every change of a document, and by comparing stamps at start).
 *
 * The store layer knows nothing of text analysis: everything arrives as analysed terms
 * (`src/core/retrieval/terms.ts`), space-separated, and queries are lists of such terms.
 * Both engines score with the same BM25 (k1 = 1.2, b = 0.75; a column's term frequency
 * counts `weight x occurrences`; a row's length is its terms over all columns; idf =
 * ln((N - n + 0.5) / (n + 0.5)), at least 1e-6), as SQLite FTS5's `bm25()` computes it.
 * Statistics are over the whole index (all owners), so they are the same for every query.
 *
 * Speed rule, the same in both engines: in an index of more than COMMON_TERM_MIN_UNITS
 * units, query terms found in more than COMMON_TERM_SHARE of them are left out of the
 * unit match (their idf is near zero, their postings the longest); the rarest stays.
 */

export const COMMON_TERM_MIN_UNITS = 20_000;
export const COMMON_TERM_SHARE = 0.1;

/** Column weights, as FTS5 `bm25()` takes them. */
export const UNIT_WEIGHTS = { title: 2, body: 1 } as const;
export const FIELD_WEIGHTS = { name: 3, about: 1 } as const;

/** A searchable part of a document: a PDF page ("page", ref = page number) or a section without pages ("section", ref = node id). */
export interface LibraryUnit {
  kind: "page" | "section";
  ref: string;
  /** Analysed terms of the titles that belong to the unit (weighted above its body). */
  title: string;
  /** Analysed terms of its text. */
  body: string;
}

/** Analysed terms of a document's own fields. */
export interface LibraryFields {
  /** Name (file name words) and title: weighted highest. */
  name: string;
  /** Description, metadata values, folder path, and a filing's company, form and period. */
  about: string;
}

export interface LibraryEntry {
  docId: string;
  owner: string;
  /** Changes when the document's tree and pages change (a completed index job). */
  contentStamp: string;
  /** Changes when its fields change (name, description, metadata, folder path). */
  fieldsStamp: string;
  fields: LibraryFields;
  units: LibraryUnit[];
}

export interface LibraryStamp {
  docId: string;
  owner: string;
  contentStamp: string;
  fieldsStamp: string;
}

export interface LibraryQuery {
  owner: string;
  /** Distinct analysed query terms. */
  terms: string[];
  /** Only these documents (a folder, a metadata filter, a list); absent: all of the owner's. */
  docIds?: string[];
  /** Best units to return. */
  units: number;
  /** Best documents by their own fields to return (0: none, and no unit search when `units` is 0 too). */
  documents: number;
  /** false: skip counting the documents in scope (`indexed` is then -1). Default true. */
  count?: boolean;
  /** Match the documents' fields in this column only (default: both, weighted as FIELD_WEIGHTS). */
  fieldColumn?: keyof LibraryFields;
}

export interface LibraryUnitHit {
  docId: string;
  kind: LibraryUnit["kind"];
  ref: string;
  /** BM25, higher is better, comparable across documents. */
  score: number;
}

export interface LibraryHits {
  /** Documents whose own fields match, best first (BM25 over name and about). */
  documents: { docId: string; score: number }[];
  /** Units, best first. */
  units: LibraryUnitHit[];
  /** Documents in the query's scope that the index holds (all of them were searched). */
  indexed: number;
}

export interface LibraryIndex {
  /** Replaces everything the index holds for the document. */
  put(entry: LibraryEntry): Promise<void>;
  /** Replaces only the document's fields (its units stay); false when the index does not hold it. */
  putFields(docId: string, fieldsStamp: string, fields: LibraryFields): Promise<boolean>;
  remove(docIds: string[]): Promise<void>;
  search(query: LibraryQuery): Promise<LibraryHits>;
  /** What the index holds (of these documents, or of all), to compare with the catalogue. */
  stamps(docIds?: string[]): Promise<LibraryStamp[]>;
  /** Empties the index (a rebuild follows). */
  clear(): Promise<void>;
  /** Size on disk in bytes (benches and health). */
  size(): Promise<number>;
  close(): Promise<void>;
}
