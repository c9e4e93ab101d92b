-- Watched folders (issue #39): one row per directory kept indexed (with its lease), and the
-- store's record of each of its files (path, size, mtime, hash, document), read per root.
CREATE TABLE watched_roots (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX watched_roots_owner ON watched_roots ((data->>'owner'));

CREATE TABLE synced_files (id text PRIMARY KEY, data jsonb NOT NULL);
CREATE INDEX synced_files_root ON synced_files ((data->>'rootId'));
CREATE INDEX synced_files_doc ON synced_files ((data->>'docId'));
