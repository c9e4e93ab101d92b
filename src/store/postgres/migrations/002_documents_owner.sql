-- A narrow index on the owner alone: with b-tree deduplication it is small, so counting a
-- user's documents (every listing's `total`) is an index-only scan of a few MB even when
-- one owner holds a million documents (the wide listing index made it a table scan).
CREATE INDEX documents_owner ON documents (owner);
