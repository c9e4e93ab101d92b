-- When each blob chunk was written, so the sweep of blobs without a document record
-- (an upload or import killed before its record was committed, a delete killed after its
-- record was removed) can leave alone the blobs of uploads still on their way.
ALTER TABLE blobs ADD COLUMN written_at timestamptz NOT NULL DEFAULT now();
