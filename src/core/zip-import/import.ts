/**
 * Imports a ZIP archive: a folder for the archive, folders mirroring its directories, and
 * one queued document per PDF or Markdown entry, submitted through the same document path
 * as a single upload. Everything else is reported: unsupported formats as `skipped`,
 * refused or rejected entries as `failed`. Entries go to the store as bytes; no path from
 * the archive ever reaches the file system.
 */
import path from "node:path/posix";
import { detectFormat } from "../../indexing/detect.ts";
import type { UserRecord } from "../../store/index.ts";
import { CoreError, InvalidInputError } from "../errors.ts";
import type { FolderService } from "../folders/service.ts";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.ts";
import { readZip, UnreadableArchiveError, type ZipEvent } from "./reader.ts";
import type { ZipImportResult } from "./schemas.ts";

export interface ZipEntryUpload {
  fileName: string;
  bytes: Uint8Array;
  folderId: string;
}

/** Turns one entry into a queued document (DocumentService's single-file path). */
export type SubmitEntry = (user: UserRecord, entry: ZipEntryUpload) => Promise<{ doc_id: string }>;

const IMPORTABLE = /\.(pdf|md|markdown)$/i;

function archiveFolderName(fileName: string): string {
  const base = path.basename(fileName.replace(/\\/g, "/")).replace(/\.zip$/i, "").trim();
  return (base || "archive").slice(0, 255);
}

export class ZipImporter {
  constructor(
    private readonly folders: FolderService,
    private readonly submit: SubmitEntry,
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {}

  async import(user: UserRecord, archiveName: string, bytes: Uint8Array, parentFolderId?: string): Promise<ZipImportResult> {
    if (parentFolderId !== undefined) await this.folders.get(user, parentFolderId);
    const events = readZip(bytes, this.limits);
    let first: IteratorResult<ZipEvent, void>;
    try {
      first = await events.next();
    } catch (error) {
      if (error instanceof UnreadableArchiveError) throw new InvalidInputError(`ZIP import: ${error.message}`, ["body", "file"]);
      throw error;
    }
    if (first.done) throw new InvalidInputError("ZIP import: the archive has no entries", ["body", "file"]);
    const root = await this.folders.create(user, { name: archiveFolderName(archiveName), parent_folder_id: parentFolderId ?? null });
    const result: ZipImportResult = { root_folder_id: root.id, items: [], skipped: [], failed: [] };
    const folderIds = new Map<string, string>([["", root.id]]);

    const folderFor = async (dir: string): Promise<string> => {
      if (dir === "." || dir === "") return root.id;
      const known = folderIds.get(dir);
      if (known) return known;
      const parentId = await folderFor(path.dirname(dir));
      const created = await this.folders.create(user, { name: path.basename(dir), parent_folder_id: parentId });
      folderIds.set(dir, created.id);
      return created.id;
    };

    for (let step: IteratorResult<ZipEvent, void> = first; !step.done; step = await events.next()) {
      const event = step.value;
      if (event.kind === "refused") {
        result.failed.push({ path: event.path, reason: event.reason, detail: event.detail });
      } else if (event.kind === "directory") {
        await folderFor(event.path);
      } else if (!IMPORTABLE.test(event.path)) {
        result.skipped.push({ path: event.path, reason: "unsupported_format" });
      } else {
        await this.importFile(user, event.path, event.read, folderFor, result);
      }
    }
    return result;
  }

  private async importFile(user: UserRecord, entryPath: string, read: () => Promise<Buffer>, folderFor: (dir: string) => Promise<string>, result: ZipImportResult): Promise<void> {
    let bytes: Buffer;
    try {
      bytes = await read();
    } catch (error) {
      result.failed.push({ path: entryPath, reason: "read_error", detail: `The entry could not be read: ${(error as Error).message}` });
      return;
    }
    const fileName = path.basename(entryPath);
    const kind = detectFormat(bytes, fileName).kind;
    if (kind !== "pdf" && kind !== "markdown") {
      result.skipped.push({ path: entryPath, reason: "unsupported_format" });
      return;
    }
    const folderId = await folderFor(path.dirname(entryPath));
    try {
      const { doc_id } = await this.submit(user, { fileName, bytes, folderId });
      result.items.push({ path: entryPath, folder_id: folderId, file_name: fileName, doc_id, status: "queued" });
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      result.failed.push({ path: entryPath, reason: "rejected", detail: error.message });
    }
  }
}
