/**
 * Metadata schemas: one per workspace and one per user (`root`). Immutable once declared
 * (a second PUT is 409; DELETE first). The schema in effect for a folder is its
 * workspace's own, else the user-level one, else none.
 */
import type { DocumentRecord, MetadataSchemaRecord, ReadTx, Store, UserRecord } from "../../store/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { ownerFolders, workspaceIn, workspaceOf } from "../folders/tree.ts";
import { nowIso } from "../ids.ts";
import type { EffectiveSchema, MetadataSchemaBody, ValuesOptions } from "./schemas.ts";
import { checkMetadata } from "./validate.ts";

const ROOT = "root";

function schemaId(ownerId: string, workspaceId: string | null): string {
  return `${ownerId}:${workspaceId ?? ROOT}`;
}

/** `root` -> null (user level); a folder id -> its workspace; unknown or foreign -> 404. */
async function resolveWorkspace(tx: ReadTx, user: UserRecord, folderId: string): Promise<string | null> {
  if (folderId === ROOT) return null;
  const folder = await tx.folders.get(folderId);
  if (!folder || folder.owner !== user.id) throw new NotFoundError(`Folder ${folderId} not found`);
  return workspaceOf(tx, folder);
}

/** The schema record in effect for documents of `workspaceId` (null = unfiled). */
export async function schemaInEffect(tx: ReadTx, ownerId: string, workspaceId: string | null): Promise<MetadataSchemaRecord | undefined> {
  return (workspaceId ? await tx.metadataSchemas.get(schemaId(ownerId, workspaceId)) : undefined) ?? (await tx.metadataSchemas.get(schemaId(ownerId, null)));
}

/**
 * The check inside the transaction that stores `metadata`: the schema in effect then is the
 * one the stored values obey (a declaration is a write too, so they are serialised).
 */
export async function checkMetadataIn(tx: ReadTx, owner: UserRecord, folderId: string | null, metadata: Record<string, unknown>, loc: (string | number)[]): Promise<void> {
  const folder = folderId ? await tx.folders.get(folderId) : undefined;
  const schema = (await schemaInEffect(tx, owner.id, folder ? await workspaceOf(tx, folder) : null))?.schema ?? null;
  checkMetadata(schema, metadata, loc);
}

/** Distinct observed values per field over `docs`, at most `limit` each (arrays contribute their elements). */
function observedValues(docs: DocumentRecord[], fields: string[], limit: number): Map<string, unknown[]> {
  const seen = new Map(fields.map((f) => [f, new Map<string, unknown>()]));
  for (const doc of docs) {
    for (const field of fields) {
      const value = doc.metadata[field];
      if (value === undefined || value === null) continue;
      const bucket = seen.get(field)!;
      for (const v of Array.isArray(value) ? value : [value]) if (bucket.size < limit) bucket.set(JSON.stringify(v), v);
    }
  }
  return new Map([...seen].map(([f, bucket]) => [f, [...bucket.values()]]));
}

export class MetadataSchemaService {
  constructor(private readonly store: Store) {}

  async declare(user: UserRecord, folderId: string, body: MetadataSchemaBody): Promise<EffectiveSchema> {
    const record = await this.store.write(async (tx) => {
      const workspaceId = await resolveWorkspace(tx, user, folderId);
      const id = schemaId(user.id, workspaceId);
      if (await tx.metadataSchemas.get(id)) {
        throw new ConflictError(`A metadata schema is already declared for ${workspaceId ? `workspace ${workspaceId}` : "this user (root)"}; schemas are immutable: DELETE it first, then PUT again`);
      }
      return tx.metadataSchemas.insert({ id, owner: user.id, workspaceId, schema: { fields: body.fields }, createdAt: nowIso() });
    });
    return this.render(record, record.workspaceId, [], { includeValues: false, valuesLimit: 0 });
  }

  /** The schema in effect for `folderId` (`root`: the user-level one only), or null. */
  async effective(user: UserRecord, folderId: string, options: ValuesOptions): Promise<EffectiveSchema> {
    return this.store.read(async (tx) => {
      const workspaceId = await resolveWorkspace(tx, user, folderId);
      const record = workspaceId === null ? await tx.metadataSchemas.get(schemaId(user.id, null)) : await schemaInEffect(tx, user.id, workspaceId);
      if (!record) return null;
      return this.render(record, workspaceId, options.includeValues ? await this.docsUnder(tx, user.id, record, workspaceId) : [], options);
    });
  }

  /** Without a folder: the user-level schema plus every declared workspace schema. */
  async overview(user: UserRecord, options: ValuesOptions): Promise<{ user_schema: EffectiveSchema; workspace_schemas: Array<{ workspace_id: string; name: string; schema: EffectiveSchema }> }> {
    return this.store.read(async (tx) => {
      const userRecord = await tx.metadataSchemas.get(schemaId(user.id, null));
      const docs = async (r: MetadataSchemaRecord, ws: string | null) => (options.includeValues ? this.docsUnder(tx, user.id, r, ws) : []);
      const workspaceSchemas = [];
      for (const s of await tx.metadataSchemas.find({ owner: user.id, workspaceId: { $ne: null } }, { sort: [["createdAt", 1]] })) {
        const name = (await tx.folders.get(s.workspaceId!))?.name ?? "";
        workspaceSchemas.push({ workspace_id: s.workspaceId!, name, schema: this.render(s, s.workspaceId, await docs(s, s.workspaceId), options) });
      }
      return {
        user_schema: userRecord ? this.render(userRecord, null, await docs(userRecord, null), options) : null,
        workspace_schemas: workspaceSchemas,
      };
    });
  }

  /** Clears the schema; documents keep their metadata. 404 when none is declared there. */
  async remove(user: UserRecord, folderId: string): Promise<{ folder_id: string; workspace_id: string | null; deleted: true }> {
    return this.store.write(async (tx) => {
      const workspaceId = await resolveWorkspace(tx, user, folderId);
      if (!(await tx.metadataSchemas.remove(schemaId(user.id, workspaceId)))) {
        throw new NotFoundError(`No metadata schema is declared for ${workspaceId ? `workspace ${workspaceId}` : "this user (root)"}`);
      }
      return { folder_id: folderId, workspace_id: workspaceId, deleted: true as const };
    });
  }

  /**
   * Throws a 422 naming the field when `metadata` breaks the schema in effect for `folderId`.
   * An early answer only: a schema may be declared before the write, so the write checks
   * again in its own transaction (checkMetadataIn).
   */
  async check(owner: UserRecord, folderId: string | null, metadata: Record<string, unknown>, loc: (string | number)[]): Promise<void> {
    await this.store.read((tx) => checkMetadataIn(tx, owner, folderId, metadata, loc));
  }

  /**
   * Documents a schema governs: a workspace's documents for a workspace (or inherited)
   * schema; for the user-level schema at `root`, unfiled documents and those of
   * workspaces without their own schema.
   */
  private async docsUnder(tx: ReadTx, ownerId: string, record: MetadataSchemaRecord, workspaceId: string | null): Promise<DocumentRecord[]> {
    const folders = await ownerFolders(tx, ownerId);
    const foldersOf = (governed: (ws: string) => boolean) => [...folders.values()].filter((f) => governed(workspaceIn(folders, f))).map((f) => f.id);
    if (workspaceId !== null || record.workspaceId !== null) {
      return tx.documents.find({ owner: ownerId, folderId: { $in: foldersOf((ws) => ws === workspaceId) } });
    }
    const withOwnSchema = new Set((await tx.metadataSchemas.find({ owner: ownerId, workspaceId: { $ne: null } })).map((s) => s.workspaceId));
    return tx.documents.find({ owner: ownerId, $or: [{ folderId: null }, { folderId: { $in: foldersOf((ws) => !withOwnSchema.has(ws)) } }] });
  }

  private render(record: MetadataSchemaRecord, workspaceId: string | null, docs: DocumentRecord[], options: ValuesOptions): EffectiveSchema {
    const names = Object.keys(record.schema.fields);
    const values = options.includeValues ? observedValues(docs, names, options.valuesLimit) : undefined;
    const fields = Object.fromEntries(names.map((n) => [n, values ? { ...record.schema.fields[n], values: values.get(n)! } : { ...record.schema.fields[n] }]));
    return { fields, level: record.workspaceId === null ? "user" : "workspace", workspace_id: workspaceId, createdAt: record.createdAt } as EffectiveSchema;
  }
}
