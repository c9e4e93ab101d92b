/**
 * One sync pass over a watched root (or the paths a watcher reported): scan, compare with
 * the store's records (plan.ts), and apply, each file in a transaction that also checks the
 * root's lease (lease.ts) and writes the file's record:
 * - a new path is read and hashed; when a vanished path had the same hash, it is that
 *   document moved or renamed (no re-index); otherwise a new document, indexed by a job;
 * - a changed size or mtime is read and hashed; a new hash re-indexes the document in place;
 * - a vanished path's document is deleted (after the moves have claimed theirs);
 * - what cannot be indexed is recorded as skipped with the reason, and a document its file
 *   turned into such a thing is deleted.
 * Files are read through the same checks as process_document (one handle, links resolved,
 * the upload limit), at most `concurrency` at once.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { Mutex, Semaphore } from "async-mutex";
import type { Store, SyncedFileRecord, UserRecord, WatchedRootRecord, WriteTx } from "../../store/index.ts";
import { ForbiddenPathError, type LocalFileImporter } from "../documents/local-files.ts";
import { uploadOptions } from "../documents/schemas.ts";
import { freeName, type DocumentService } from "../documents/service.ts";
import { ConflictError, CoreError, NotFoundError, PayloadTooLargeError } from "../errors.ts";
import { contentHash } from "./hash.ts";
import { assertLeaseIn, LeaseLostError } from "./lease.ts";
import { baseName, isWithin, parentOf } from "./paths.ts";
import { planSync, type SyncAction } from "./plan.ts";
import { ensureFolders, removeVanishedFolders } from "./root.ts";
import { scanRoot } from "./scan.ts";
import { describeSkip } from "./skip-reasons.ts";
import type { SyncReport } from "./schemas.ts";
import { nowIso } from "../ids.ts";

export interface PassContext {
  store: Store;
  documents: DocumentService;
  files: LocalFileImporter;
  user: UserRecord;
  root: WatchedRootRecord;
  /** Real paths links may point into: the allowed roots and the watched directory itself. */
  realRoots: string[];
  maxBytes: number;
  settleMs: number;
  /** Files read and prepared at once (the worker pool's size). */
  limit: Semaphore;
  /** One pass at a time per root in this process (the lease keeps other processes out). */
  turn: Mutex;
}

export interface PassResult {
  report: SyncReport;
  /** Paths still being written: to look at again once they settle. */
  waiting: string[];
}

/** Skipped files recorded per transaction. */
const SKIP_BATCH = 500;

/** The record id of a path: the same path of the same root always has the same record. */
export function fileRecordId(rootId: string, relative: string): string {
  return `sf_${createHash("sha256").update(`${rootId}\0${relative}`).digest("hex").slice(0, 32)}`;
}

async function putRecordIn(tx: WriteTx, record: Omit<SyncedFileRecord, "id">): Promise<void> {
  const id = fileRecordId(record.rootId, record.path);
  const full: SyncedFileRecord = { id, ...record };
  if (await tx.syncedFiles.get(id)) await tx.syncedFiles.update(id, { ...full, skipped: record.skipped });
  else await tx.syncedFiles.insert(full);
}

export function emptyReport(root: WatchedRootRecord): SyncReport {
  return { root: root.path, folder_id: root.folderId, added: 0, updated: 0, moved: 0, deleted: 0, unchanged: 0, waiting: 0, skipped: [], failed: [] };
}

/** Runs one pass over `scopes` (root-relative paths; [""] = the whole root). Throws LeaseLostError when another process took the root. */
export function runPass(ctx: PassContext, scopes: string[] = [""]): Promise<PassResult> {
  return ctx.turn.runExclusive(() => pass(ctx, scopes));
}

/** The folder a root is mirrored into was deleted in treeindex: nothing is synced until the root is attached again (sync_folder, sync, a restart). */
export class RootFolderGoneError extends Error {
  override name = "RootFolderGoneError";
}

async function pass(ctx: PassContext, scopes: string[]): Promise<PassResult> {
  const { store } = ctx;
  // The root as stored now: attaching it again (sync_folder, `sync`) may have given it a new folder.
  const root = await store.read(async (tx) => {
    const current = await tx.watchedRoots.get(ctx.root.id);
    const folder = current ? await tx.folders.get(current.folderId) : undefined;
    return current && folder ? current : undefined;
  });
  if (!root) throw new RootFolderGoneError(`The folder ${ctx.root.path} was mirrored into was deleted in treeindex; sync it again (sync_folder, treeindex sync or a restart) to mirror it anew`);
  const scan = await scanRoot(root.path, ctx.realRoots, scopes);
  const { records, existing } = await store.read(async (tx) => {
    // Only the records the scanned paths speak for: a pass over one changed file looks up one document, not all of them.
    const records = (await tx.syncedFiles.find({ rootId: root.id })).filter((r) => scopes.some((scope) => isWithin(r.path, scope)));
    const ids = records.filter((r) => r.docId !== null).map((r) => r.docId!);
    // By id, one at a time: `$in` over many ids is quadratic in the file store's matcher.
    const docs = await Promise.all(ids.map((id) => tx.documents.get(id)));
    return { records, existing: new Set(docs.filter((d) => d !== undefined && d.owner === root.owner).map((d) => d!.id)) };
  });
  const plan = planSync(scan, records, { maxBytes: ctx.maxBytes, settleMs: ctx.settleMs, documentExists: (id) => existing.has(id) });
  const report = emptyReport(root);
  report.unchanged = plan.unchanged;
  report.waiting = plan.waiting.length;
  const waiting = [...plan.waiting];
  // Every directory scanned, and the directory of every file to add (a pass over one path
  // whose directory is new has not scanned the directory itself).
  const folders = await ensureFolders(store, root, [...plan.directories, ...plan.actions.flatMap((a) => (a.kind === "add" ? [parentOf(a.path)] : []))]);

  // Vanished documents by content: a new path with the same hash is the same document moved.
  const gone = plan.actions.filter((a): a is Extract<SyncAction, { kind: "gone" }> => a.kind === "gone");
  const movable = new Map<string, SyncedFileRecord[]>();
  for (const { record } of gone) {
    if (record.docId && existing.has(record.docId) && record.hash) movable.set(record.hash, [...(movable.get(record.hash) ?? []), record]);
  }
  const claimed = new Set<string>();
  const claimMove = (hash: string): SyncedFileRecord | undefined => {
    const candidates = movable.get(hash) ?? [];
    const found = candidates.find((r) => !claimed.has(r.id));
    if (found) claimed.add(found.id);
    return found;
  };

  const step = async (action: SyncAction, fn: () => Promise<void>) => {
    const where = action.kind === "gone" ? action.record.path : action.path;
    try {
      await fn();
    } catch (error) {
      if (error instanceof LeaseLostError) throw error;
      report.failed.push({ path: where, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const reads = plan.actions.filter((a) => a.kind === "add" || a.kind === "change");
  await Promise.all(
    reads.map((action) =>
      ctx.limit.runExclusive(() =>
        step(action, async () => {
          if (action.kind !== "add" && action.kind !== "change") return;
          const outcome = await readFile(ctx, action.path);
          if (outcome.kind === "vanished") return;
          if (outcome.kind === "waiting") {
            waiting.push(action.path);
            report.waiting++;
            return;
          }
          if (outcome.kind === "skipped") {
            await recordSkip(ctx, action.path, outcome.reason, action.file, action.record, report);
            return;
          }
          const folderId = folders.get(parentOf(action.path))!;
          if (action.kind === "change") await applyChange(ctx, action.path, action.file, action.record, outcome.bytes, report);
          else await applyAdd(ctx, action.path, action.file, folderId, outcome.bytes, claimMove, report);
        }),
      ),
    ),
  );
  const skips = plan.actions.filter((a): a is Extract<SyncAction, { kind: "skip" }> => a.kind === "skip");
  // A skip that deletes a document goes alone; the others are recorded in batches (a folder of
  // 8,000 pictures is a few transactions, not 8,000).
  for (const action of skips.filter((a) => a.record?.docId)) await step(action, () => recordSkip(ctx, action.path, action.reason, action.file, action.record, report));
  const plain = skips.filter((a) => !a.record?.docId);
  for (let at = 0; at < plain.length; at += SKIP_BATCH) {
    const batch = plain.slice(at, at + SKIP_BATCH);
    await store.write(async (tx) => {
      await assertLeaseIn(tx, root.id);
      for (const a of batch) await putRecordIn(tx, { rootId: root.id, path: a.path, size: a.file?.size ?? 0, mtimeMs: a.file?.mtimeMs ?? 0, hash: "", docId: null, skipped: a.reason });
    });
    report.skipped.push(...batch.map((a) => ({ path: a.path, reason: describeSkip(a.reason) })));
  }
  for (const action of gone) {
    if (claimed.has(action.record.id)) continue;
    await step(action, () => applyGone(ctx, action.record, existing, report));
  }
  await removeVanishedFolders(store, root, scan.directories, scopes.filter((s) => !scan.unreadable.has(s)));
  if (scopes.includes("")) {
    await store.write(async (tx) => {
      await assertLeaseIn(tx, root.id);
      await tx.watchedRoots.update(root.id, { lastSyncAt: nowIso() });
    });
  }
  return { report, waiting };
}

type ReadOutcome = { kind: "read"; bytes: Uint8Array } | { kind: "skipped"; reason: string } | { kind: "waiting" } | { kind: "vanished" };

async function readFile(ctx: PassContext, relative: string): Promise<ReadOutcome> {
  const full = path.join(ctx.root.path, ...relative.split("/"));
  try {
    const { bytes } = await ctx.files.read(full, { allowed: true, clientRoots: ctx.realRoots });
    return { kind: "read", bytes };
  } catch (error) {
    if (error instanceof ForbiddenPathError) return { kind: "skipped", reason: "link_outside" };
    if (error instanceof PayloadTooLargeError) return { kind: "skipped", reason: "too_large" };
    if (error instanceof NotFoundError) return { kind: "vanished" };
    // It kept changing while read: still being written.
    if (error instanceof ConflictError) return { kind: "waiting" };
    if (error instanceof CoreError) return { kind: "skipped", reason: error.message };
    throw error;
  }
}

async function applyAdd(
  ctx: PassContext,
  relative: string,
  file: { size: number; mtimeMs: number },
  folderId: string,
  bytes: Uint8Array,
  claimMove: (hash: string) => SyncedFileRecord | undefined,
  report: SyncReport,
): Promise<void> {
  const { store, root, user } = ctx;
  const hash = contentHash(bytes);
  const record = { rootId: root.id, path: relative, size: file.size, mtimeMs: file.mtimeMs, hash };
  const moved = claimMove(hash);
  if (moved) {
    // The same content left another path of this root: the document moves, keeping its id, tree and metadata.
    await store.write(async (tx) => {
      await assertLeaseIn(tx, root.id);
      const doc = await tx.documents.get(moved.docId!);
      if (!doc) throw new NotFoundError(`Document ${moved.docId} is gone`);
      const name = baseName(relative);
      const siblings = await tx.documents.find({ owner: root.owner, folderId });
      const taken = new Set(siblings.filter((d) => d.id !== doc.id).map((d) => d.name.toLowerCase()));
      await tx.documents.update(doc.id, { name: freeName(name, taken), folderId, updatedAt: nowIso() });
      await tx.syncedFiles.remove(moved.id);
      await putRecordIn(tx, { ...record, docId: doc.id, skipped: undefined });
    });
    report.moved++;
    return;
  }
  let prepared;
  try {
    prepared = await ctx.documents.prepare(user, { fileName: baseName(relative), bytes, options: uploadOptions({}, "doc"), folderId });
  } catch (error) {
    if (!(error instanceof CoreError) || error instanceof NotFoundError) throw error;
    // Not a document by its content (an image named .pdf, an unsafe archive): skipped, with why.
    await recordSkip(ctx, relative, error.message, file, undefined, report, hash);
    return;
  }
  try {
    await store.write(async (tx) => {
      await assertLeaseIn(tx, root.id);
      await ctx.documents.commitIn(tx, user, prepared);
      await putRecordIn(tx, { ...record, docId: prepared.record.id, skipped: undefined });
    });
  } catch (error) {
    await ctx.documents.discard(prepared);
    throw error;
  }
  report.added++;
}

async function applyChange(ctx: PassContext, relative: string, file: { size: number; mtimeMs: number }, record: SyncedFileRecord, bytes: Uint8Array, report: SyncReport): Promise<void> {
  const { store, root } = ctx;
  const hash = contentHash(bytes);
  const next = { rootId: root.id, path: relative, size: file.size, mtimeMs: file.mtimeMs, hash, docId: record.docId, skipped: undefined };
  if (hash === record.hash) {
    // Touched, not changed (a save without edits, a copy over itself): nothing to index.
    await store.write(async (tx) => {
      await assertLeaseIn(tx, root.id);
      await putRecordIn(tx, next);
    });
    report.unchanged++;
    return;
  }
  try {
    await ctx.documents.replaceContent(ctx.user, record.docId!, { fileName: baseName(relative), bytes }, async (tx) => {
      await assertLeaseIn(tx, root.id);
      await putRecordIn(tx, next);
    });
  } catch (error) {
    if (!(error instanceof CoreError) || error instanceof NotFoundError) throw error;
    // It is no longer a document by its content: its document goes, the file is listed as skipped.
    await recordSkip(ctx, relative, error.message, file, record, report, hash);
    return;
  }
  report.updated++;
}

async function applyGone(ctx: PassContext, record: SyncedFileRecord, existing: Set<string>, report: SyncReport): Promise<void> {
  const { store, root } = ctx;
  const forget = async (tx: WriteTx) => {
    await assertLeaseIn(tx, root.id);
    await tx.syncedFiles.remove(record.id);
  };
  if (record.docId && existing.has(record.docId)) {
    try {
      await ctx.documents.delete(ctx.user, record.docId, forget);
      report.deleted++;
      return;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  await store.write(forget);
}

async function recordSkip(
  ctx: PassContext,
  relative: string,
  reason: string,
  file: { size: number; mtimeMs: number } | undefined,
  record: SyncedFileRecord | undefined,
  report: SyncReport,
  hash = "",
): Promise<void> {
  const { store, root } = ctx;
  const next = { rootId: root.id, path: relative, size: file?.size ?? 0, mtimeMs: file?.mtimeMs ?? 0, hash, docId: null, skipped: reason };
  const put = async (tx: WriteTx) => {
    await assertLeaseIn(tx, root.id);
    await putRecordIn(tx, next);
  };
  let removed = false;
  if (record?.docId) {
    try {
      await ctx.documents.delete(ctx.user, record.docId, put);
      removed = true;
      report.deleted++;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  if (!removed) await store.write(put);
  report.skipped.push({ path: relative, reason: describeSkip(reason) });
}
