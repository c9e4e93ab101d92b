/**
 * Blobs in PostgreSQL: each blob in 1 MiB `bytea` chunks, replaced in one transaction, so
 * readers see the old content or the new one. Worker threads read files by path:
 * `localPath` copies a blob once into this server's scratch folder.
 */
import type pg from "pg";
import { checkSegment, type BlobStore } from "../blobs.ts";
import { ScratchCopies } from "../scratch-copies.ts";
import { withConnection } from "./checkout.ts";

const CHUNK_BYTES = 1024 * 1024;

export class PgBlobStore implements BlobStore {
  private readonly copies: ScratchCopies;

  constructor(
    private readonly pool: pg.Pool,
    home: string,
  ) {
    this.copies = new ScratchCopies(home);
  }

  async write(docId: string, name: string, data: string | Uint8Array): Promise<void> {
    checkSegment("document id", docId);
    checkSegment("blob name", name);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    await withConnection(this.pool, async (client, discard) => {
      try {
        await client.query("BEGIN");
        await client.query("DELETE FROM blobs WHERE doc_id = $1 AND name = $2", [docId, name]);
        // At least one chunk, so an empty blob exists.
        for (let chunk = 0, at = 0; chunk === 0 || at < bytes.length; chunk++, at += CHUNK_BYTES) {
          await client.query("INSERT INTO blobs (doc_id, name, chunk, data) VALUES ($1, $2, $3, $4)", [docId, name, chunk, bytes.subarray(at, at + CHUNK_BYTES)]);
        }
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(discard);
        throw error;
      }
    });
  }

  async writeJson(docId: string, name: string, value: unknown): Promise<void> {
    await this.write(docId, name, JSON.stringify(value));
  }

  async read(docId: string, name: string): Promise<Buffer | undefined> {
    checkSegment("document id", docId);
    checkSegment("blob name", name);
    const { rows } = await this.pool.query<{ data: Buffer }>("SELECT data FROM blobs WHERE doc_id = $1 AND name = $2 ORDER BY chunk", [docId, name]);
    return rows.length === 0 ? undefined : Buffer.concat(rows.map((r) => r.data));
  }

  async readJson<T>(docId: string, name: string): Promise<T | undefined> {
    const data = await this.read(docId, name);
    return data === undefined ? undefined : (JSON.parse(data.toString("utf8")) as T);
  }

  async names(docId: string): Promise<string[]> {
    checkSegment("document id", docId);
    const { rows } = await this.pool.query<{ name: string }>("SELECT DISTINCT name FROM blobs WHERE doc_id = $1 ORDER BY name", [docId]);
    return rows.map((r) => r.name);
  }

  async exists(docId: string, name?: string): Promise<boolean> {
    checkSegment("document id", docId);
    const { rowCount } = name === undefined
      ? await this.pool.query("SELECT 1 FROM blobs WHERE doc_id = $1 LIMIT 1", [docId])
      : await this.pool.query("SELECT 1 FROM blobs WHERE doc_id = $1 AND name = $2 LIMIT 1", [docId, checkSegment("blob name", name)]);
    return (rowCount ?? 0) > 0;
  }

  async localPath(docId: string, name: string): Promise<string> {
    // The version: when the blob was last written (every write replaces all its chunks).
    const { rows } = await this.pool.query<{ v: string }>("SELECT (extract(epoch FROM written_at) * 1000000)::bigint::text AS v FROM blobs WHERE doc_id = $1 AND name = $2 AND chunk = 0", [checkSegment("document id", docId), checkSegment("blob name", name)]);
    return this.copies.path(docId, name, rows[0]?.v, () => this.read(docId, name));
  }

  async removeAll(docId: string): Promise<void> {
    checkSegment("document id", docId);
    await this.pool.query("DELETE FROM blobs WHERE doc_id = $1", [docId]);
    await this.copies.remove(docId);
  }

  async documentsWrittenBefore(cutoffMs: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ doc_id: string }>("SELECT doc_id FROM blobs GROUP BY doc_id HAVING max(written_at) < to_timestamp($1 / 1000.0)", [cutoffMs]);
    return rows.map((r) => r.doc_id);
  }
}
