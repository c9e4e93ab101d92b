-- The catalogue: one table per collection, each record as JSONB under its id. Columns the
-- listings filter and sort on are generated from the record, so plain b-tree indexes serve
-- them (and index-only counts); everything else is reached through the GIN index on `data`.
CREATE TABLE users (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX users_name ON users ((data->>'name'));

CREATE TABLE api_keys (id text PRIMARY KEY, data jsonb NOT NULL);

CREATE TABLE documents (
  id text PRIMARY KEY,
  data jsonb NOT NULL,
  owner text GENERATED ALWAYS AS (data->>'owner') STORED,
  folder_id text GENERATED ALWAYS AS (data->>'folderId') STORED,
  status text GENERATED ALWAYS AS (data->>'status') STORED,
  name text GENERATED ALWAYS AS (data->>'name') STORED,
  created_at text GENERATED ALWAYS AS (data->>'createdAt') STORED
);
CREATE INDEX documents_owner_created ON documents (owner, created_at DESC NULLS LAST, id);
CREATE INDEX documents_owner_folder_created ON documents (owner, folder_id, created_at DESC NULLS LAST, id);
CREATE INDEX documents_status ON documents (status) WHERE status IN ('queued', 'processing');
CREATE INDEX documents_data ON documents USING gin (data jsonb_path_ops);

CREATE TABLE folders (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX folders_owner ON folders ((data->>'owner'));

CREATE TABLE jobs (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX jobs_status_created ON jobs ((data->>'status'), (data->>'createdAt'));
CREATE INDEX jobs_doc ON jobs ((data->>'docId'));

CREATE TABLE retrieval_tasks (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE TABLE metadata_schemas (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE TABLE shares (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX shares_data ON shares USING gin (data jsonb_path_ops);
CREATE TABLE follows (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX follows_data ON follows USING gin (data jsonb_path_ops);
CREATE TABLE teamspaces (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX teamspaces_data ON teamspaces USING gin (data jsonb_path_ops);

-- Blobs (original files, trees, pages, OCR output) in chunks, so no single value nears
-- PostgreSQL's 1 GB field limit and reads stream chunk by chunk.
CREATE TABLE blobs (
  doc_id text NOT NULL,
  name text NOT NULL,
  chunk integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (doc_id, name, chunk)
);
