/**
 * The PostgreSQL store (TREEINDEX_DATABASE_URL): the catalogue in one table per collection
 * (JSONB records, generated columns for what listings filter and sort on), blobs in the
 * same database (pg-blobs.ts), so any number of servers share one state.
 *
 * Transactions: a read runs in one REPEATABLE READ READ ONLY transaction (one snapshot for
 * all its queries). A write runs in one transaction that first takes a transaction-scoped
 * advisory lock, so writes from every server are serialised exactly as the file store's
 * are: a transaction's checks (a free name, an unclaimed job) cannot race another's, and
 * an acknowledged write is committed, never lost. A throw rolls the transaction back.
 */
import pg from "pg";
import type { CollectionName } from "../records.ts";
import { ChangeFeed, newChangeSet } from "../change-feed.ts";
import type { AggregateRow, CollectionWriter, FindOptions, ReadTx, RecordOf, Store, StoreChanges, Where, WriteTx } from "../store.ts";
import { COLLECTIONS } from "../transaction.ts";
import { withConnection } from "./checkout.ts";
import { migrate } from "./migrate.ts";
import type { BlobStore } from "../blobs.ts";
import { PgBlobStore } from "./pg-blobs.ts";
import { PgLibraryIndex } from "./pg-library.ts";
import { Params, WhereCompiler, type ScalarColumns } from "./sql-query.ts";

/** Arbitrary, fixed: the advisory lock every write transaction takes. */
const WRITE_LOCK = 724_002;

const TABLES: Record<CollectionName, string> = {
  users: "users",
  apiKeys: "api_keys",
  documents: "documents",
  folders: "folders",
  jobs: "jobs",
  retrievalTasks: "retrieval_tasks",
  metadataSchemas: "metadata_schemas",
  shares: "shares",
  follows: "follows",
  teamspaces: "teamspaces",
  watchedRoots: "watched_roots",
  syncedFiles: "synced_files",
};

/** Per table, the scalar string fields with an indexed column or expression (see migrations). */
const SCALARS: Partial<Record<CollectionName, ScalarColumns>> = {
  documents: { owner: "owner", folderId: "folder_id", status: "status", name: "name", createdAt: "created_at" },
  users: { name: "(data->>'name')" },
  folders: { owner: "(data->>'owner')" },
  jobs: { status: "(data->>'status')", docId: "(data->>'docId')", createdAt: "(data->>'createdAt')", kind: "(data->>'kind')" },
  watchedRoots: { owner: "(data->>'owner')" },
  syncedFiles: { rootId: "(data->>'rootId')", docId: "(data->>'docId')" },
};

/**
 * JSON for a JSONB column. JSONB cannot hold U+0000, which PDF text may carry; it is
 * dropped from strings (it is never meaningful in a title, snippet or name).
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "string" && v.includes("\0") ? v.replaceAll("\0", "") : v));
}

type Queryable = Pick<pg.PoolClient, "query">;

class PgCollection<T extends { id: string }> implements CollectionWriter<T> {
  private readonly compiler: WhereCompiler;

  constructor(
    private readonly db: Queryable,
    private readonly table: string,
    scalars: ScalarColumns = {},
  ) {
    this.compiler = new WhereCompiler({ id: "id", ...scalars });
  }

  async get(id: string): Promise<T | undefined> {
    const { rows } = await this.db.query(`SELECT data FROM ${this.table} WHERE id = $1`, [id]);
    return rows[0]?.data;
  }

  async find(where?: Where, options: FindOptions = {}): Promise<T[]> {
    const params = new Params();
    let sql = `SELECT data FROM ${this.table} WHERE ${this.compiler.compile(where, params)}`;
    if (options.sort?.length || options.limit !== undefined || options.offset) sql += ` ORDER BY ${this.compiler.orderBy(options.sort, params)}`;
    if (options.limit !== undefined) sql += ` LIMIT ${params.add(options.limit)}`;
    if (options.offset) sql += ` OFFSET ${params.add(options.offset)}`;
    const { rows } = await this.db.query(sql, params.values);
    return rows.map((r) => r.data);
  }

  async count(where?: Where): Promise<number> {
    const params = new Params();
    const { rows } = await this.db.query(`SELECT count(*)::int AS n FROM ${this.table} WHERE ${this.compiler.compile(where, params)}`, params.values);
    return rows[0].n;
  }

  async findPage(where: Where | undefined, options: FindOptions): Promise<{ records: T[]; total: number }> {
    const [records, total] = [await this.find(where, { ...options, sort: options.sort ?? [] }), await this.count(where)];
    return { records, total };
  }

  async aggregate(where: Where | undefined, aggregation: Parameters<CollectionWriter<T>["aggregate"]>[1]): Promise<AggregateRow[]> {
    const params = new Params();
    const { select, groupBy } = this.compiler.aggregation(aggregation, params);
    const condition = this.compiler.compile(where, params);
    const sql = `SELECT ${select}, count(*) AS n__ FROM ${this.table} WHERE ${condition} ${groupBy}`;
    // The planner cannot estimate how many groups JSONB keys form and assumes one per row,
    // so it sorts every matching row (3x slower at 1M rows than hashing). Groups are few:
    // hashing is chosen for this query (it spills to disk if they are not).
    const grouped = aggregation.groupBy.length > 0;
    if (grouped) await this.db.query("SET LOCAL enable_sort = off");
    const { rows } = await this.db.query(sql, params.values);
    if (grouped) await this.db.query("SET LOCAL enable_sort = DEFAULT");
    const aliases = Object.keys(aggregation.aggregates);
    // Without GROUP BY, SQL answers one row even when nothing matched; the store contract answers none.
    return rows
      .filter((r) => Number(r.n__) > 0)
      .map((r) => ({
        keys: aggregation.groupBy.map((_, i) => r[`k${i}`]),
        values: Object.fromEntries(aliases.map((alias, i) => [alias, r[`a${i}`]])),
      }));
  }

  async insert(record: T): Promise<T> {
    const { rowCount } = await this.db.query(`INSERT INTO ${this.table} (id, data) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING`, [record.id, toJson(record)]);
    if (rowCount === 0) throw new Error(`Duplicate id ${record.id}`);
    return JSON.parse(toJson(record));
  }

  async update(id: string, patch: Partial<T>): Promise<T | undefined> {
    // A field patched to `undefined` is removed, as it disappears from the file store's JSON.
    const removed = Object.entries(patch).filter(([, v]) => v === undefined).map(([k]) => k);
    const { rows } = await this.db.query(`UPDATE ${this.table} SET data = (data || $2::jsonb) - $3::text[] WHERE id = $1 RETURNING data`, [id, toJson({ ...patch, id }), removed]);
    return rows[0]?.data;
  }

  async remove(id: string): Promise<T | undefined> {
    const { rows } = await this.db.query(`DELETE FROM ${this.table} WHERE id = $1 RETURNING data`, [id]);
    return rows[0]?.data;
  }
}

function transaction(db: Queryable): WriteTx {
  const tx = {} as Record<CollectionName, unknown>;
  for (const name of COLLECTIONS) tx[name] = new PgCollection<RecordOf<typeof name>>(db, TABLES[name], SCALARS[name]);
  return tx as WriteTx;
}

/** host:port/database of a URL, never its password. */
function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return "the configured URL";
  }
}

export interface PgStoreOptions {
  onWarning?: (message: string) => void;
  /** Connections per server (default 10). */
  poolSize?: number;
  /** Where blobs go instead of the database (an S3 bucket); given the pool-less home. */
  blobs?: (home: string) => BlobStore;
}

export class PgStore implements Store {
  readonly kind = "postgres" as const;
  readonly blobs: BlobStore;
  /** In the same database: every server shares one library index. */
  readonly library: PgLibraryIndex;
  private readonly feed = new ChangeFeed();

  private constructor(
    readonly home: string,
    private readonly pool: pg.Pool,
    blobs?: BlobStore,
  ) {
    this.blobs = blobs ?? new PgBlobStore(pool, home);
    this.library = new PgLibraryIndex(pool);
  }

  static async open(databaseUrl: string, home: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server must not crash the process; the next query reconnects.
    pool.on("error", (error) => (options.onWarning ?? ((m) => process.stderr.write(`${m}\n`)))(`PostgreSQL connection error: ${error.message}`));
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end();
      throw new Error(`Cannot open the PostgreSQL store at ${describeUrl(databaseUrl)} (TREEINDEX_DATABASE_URL): ${(error as Error).message}`, { cause: error });
    }
    return new PgStore(home, pool, options.blobs?.(home));
  }

  read<T>(fn: (tx: ReadTx) => Promise<T> | T): Promise<T> {
    return this.inTransaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", fn);
  }

  async write<T>(fn: (tx: WriteTx) => Promise<T> | T): Promise<T> {
    const changes = newChangeSet();
    const result = await this.inTransaction("BEGIN", async (tx, client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [WRITE_LOCK]);
      return fn(this.feed.record(tx, changes));
    });
    // Told only once COMMIT has succeeded (a rolled-back write changed nothing).
    this.feed.emit(changes);
    return result;
  }

  onCommit(listener: (changes: StoreChanges) => void): () => void {
    return this.feed.subscribe(listener);
  }

  async close(): Promise<void> {
    await this.library.close();
    await this.pool.end();
  }

  private inTransaction<T>(begin: string, fn: (tx: WriteTx, client: pg.PoolClient) => Promise<T> | T): Promise<T> {
    return withConnection(this.pool, async (client, discard) => {
      await client.query(begin);
      try {
        const result = await fn(transaction(client), client);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(discard);
        throw error;
      }
    });
  }

}

