-- The library index (src/store/library/types.ts, pg-library.ts): one lexical index over every
-- completed document, in the shared database so all servers search and fill the same one.
--
-- Terms arrive analysed; each row keeps them as a tsvector built from its literal text form
-- (never through a text search configuration), so "10-k" or "o'brien" stay one lexeme. A
-- lexeme's positions hold occurrence counts, not places: 2 x (occurrences in the first
-- column) weighted A, 2 x (occurrences in the second column) + 1 weighted D. Even and odd
-- never collide (tsvector merges equal positions), counts are exact up to 8191, and a
-- lexeme has at most two positions, so the vectors stay small.

-- One row per document: its stamps and its own fields (name -> A, about -> D).
CREATE TABLE library_documents (
  doc_id text PRIMARY KEY,
  owner text NOT NULL,
  content_stamp text NOT NULL,
  fields_stamp text NOT NULL,
  fields tsvector NOT NULL,
  -- Terms in name and about together (BM25's row length).
  fields_len integer NOT NULL
);
CREATE INDEX library_documents_owner ON library_documents (owner);
CREATE INDEX library_documents_fields ON library_documents USING gin (fields);

-- One row per unit (a page, or a section without pages): title -> A, body -> D.
CREATE TABLE library_units (
  id bigserial PRIMARY KEY,
  doc_id text NOT NULL,
  kind smallint NOT NULL,
  ref text NOT NULL,
  terms tsvector NOT NULL,
  -- Terms in title and body together (BM25's row length).
  len integer NOT NULL
);
-- Scoring reads the vector of every candidate row; tsvectors hardly compress (about 8%
-- at 50k pages) and pglz made reading them twice as slow: kept out of line, uncompressed.
ALTER TABLE library_units ALTER COLUMN terms SET STORAGE EXTERNAL;
CREATE INDEX library_units_doc ON library_units (doc_id);
CREATE INDEX library_units_terms ON library_units USING gin (terms);

-- BM25's corpus statistics (rows and terms of each table), kept in step by every write in
-- the same transaction: O(1) for each search where count(*) and sum(len) scan the table.
CREATE TABLE library_stats (
  id smallint PRIMARY KEY CHECK (id = 1),
  units bigint NOT NULL,
  unit_terms bigint NOT NULL,
  documents bigint NOT NULL,
  field_terms bigint NOT NULL
);
INSERT INTO library_stats (id, units, unit_terms, documents, field_terms) VALUES (1, 0, 0, 0, 0);
