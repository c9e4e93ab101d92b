/**
 * Compares a scan with the store's records of the same paths and says what to do. Pure:
 * no reads, no writes. Whether a new file is a moved one, and whether a changed one really
 * changed, is decided when it is read (its content hash), in apply.ts.
 */
import { IMPORTABLE_NAME } from "../../indexing/formats.ts";
import type { SyncedFileRecord } from "../../store/index.ts";
import { isWithin } from "./paths.ts";
import type { Scan, ScannedFile } from "./scan.ts";

export type SyncAction =
  /** A path the store has no document for: read it; its hash tells a moved file from a new one. */
  | { kind: "add"; path: string; file: ScannedFile; record?: SyncedFileRecord }
  /** A document's file whose size or mtime changed: read it; its hash tells whether it really changed. */
  | { kind: "change"; path: string; file: ScannedFile; record: SyncedFileRecord }
  /** A path that is not indexed, for a reason found without reading it (a code of skip-reasons.ts). */
  | { kind: "skip"; path: string; reason: string; file?: ScannedFile; record?: SyncedFileRecord }
  /** A recorded path no longer there: its document goes, unless a new path has its content (a move). */
  | { kind: "gone"; record: SyncedFileRecord };

export interface SyncPlan {
  actions: SyncAction[];
  /** Files written to less than the settle time ago (a copy or download under way): looked at again later. */
  waiting: string[];
  unchanged: number;
  /** Directories the scan found, to mirror as folders. */
  directories: string[];
}

export interface PlanOptions {
  maxBytes: number;
  /** A file counts as complete once it has not been written to for this long. */
  settleMs: number;
  now?: number;
  /** Documents that exist (a record whose document was deleted in treeindex is indexed again). */
  documentExists: (docId: string) => boolean;
}

function sameStats(record: SyncedFileRecord, file: ScannedFile): boolean {
  return record.size === file.size && record.mtimeMs === file.mtimeMs;
}

export function planSync(scan: Scan, records: SyncedFileRecord[], options: PlanOptions): SyncPlan {
  const now = options.now ?? Date.now();
  const covered = (p: string) => scan.scopes.some((scope) => isWithin(p, scope)) && ![...scan.unreadable].some((dir) => isWithin(p, dir));
  const byPath = new Map(records.filter((r) => covered(r.path)).map((r) => [r.path, r]));
  const plan: SyncPlan = { actions: [], waiting: [], unchanged: 0, directories: [...scan.directories] };

  for (const [path, reason] of scan.skipped) {
    const record = byPath.get(path);
    byPath.delete(path);
    if (record && record.docId === null && record.skipped === reason) plan.unchanged++;
    else plan.actions.push({ kind: "skip", path, reason, record });
  }
  for (const [path, file] of scan.files) {
    const record = byPath.get(path);
    byPath.delete(path);
    const indexed = record?.docId != null && options.documentExists(record.docId);
    if (record && sameStats(record, file) && (indexed || record.docId === null)) {
      plan.unchanged++;
      continue;
    }
    if (!IMPORTABLE_NAME.test(path)) {
      plan.actions.push({ kind: "skip", path, reason: "unsupported_format", file, record });
      continue;
    }
    if (file.size > options.maxBytes) {
      plan.actions.push({ kind: "skip", path, reason: "too_large", file, record });
      continue;
    }
    // Written to within the settle time: a copy or download may be under way. (mtime, not
    // ctime: a rename moves ctime, and a moved file must be matched in the same pass.)
    if (now - file.mtimeMs < options.settleMs) {
      plan.waiting.push(path);
      continue;
    }
    if (record && indexed) plan.actions.push({ kind: "change", path, file, record });
    else plan.actions.push({ kind: "add", path, file, record });
  }
  for (const record of byPath.values()) plan.actions.push({ kind: "gone", record });
  return plan;
}
