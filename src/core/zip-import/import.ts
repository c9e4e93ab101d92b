/**
 * Imports a ZIP archive: a folder for the archive, folders mirroring its directories, and
 * one queued document per document entry (PDF, Markdown, DOCX, ODT, PPTX, EPUB, HTML, text:
 * named like one, then recognised by its content), prepared through the same document path
 * as a single upload. Everything else is reported: unsupported formats as `skipped`,
 * refused or rejected entries as `failed`. Entries go to the store as bytes; no path from
 * the archive ever reaches the file system.
 *
 * Whole or not at all: every entry's file is stored first, then the folders, documents and
 * jobs are committed in one transaction. A crash before the commit (before the client got
 * its answer) leaves nothing visible, only files the store's sweep removes; a retry does
 * not make duplicates. After the commit, every entry is queued and will be indexed.
 */
import path from "node:path/posix";
import { detectDocument } from "../../indexing/detect-container.ts";
import { IMPORTABLE_NAME } from "../../indexing/formats.ts";
import { ContainerError } from "../../indexing/zip/container.ts";
import type { FolderRecord, Store, UserRecord, WriteTx } from "../../store/index.ts";
import type { PreparedUpload } from "../documents/service.ts";
import { crashPoint } from "../crash-points.ts";
import { CoreError, InvalidInputError, NotFoundError } from "../errors.ts";
import { newFolderRecord, type FolderService } from "../folders/service.ts";
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.ts";
import { readZip, UnreadableArchiveError, type ZipEvent } from "./reader.ts";
import type { ZipImportResult } from "./schemas.ts";

export interface ZipEntryUpload {
  fileName: string;
  bytes: Uint8Array;
  /** The archive's parent folder (undefined: unfiled), for the checks made before the commit. */
  folderId: string | undefined;
}

/** The two halves of DocumentService's single-file path, and the undo of the first. */
export interface EntryUploads {
  prepare(user: UserRecord, entry: ZipEntryUpload): Promise<PreparedUpload>;
  commitIn(tx: WriteTx, user: UserRecord, prepared: PreparedUpload): Promise<void>;
  discard(prepared: PreparedUpload): Promise<void>;
}

function archiveFolderName(fileName: string): string {
  const base = path.basename(fileName.replace(/\\/g, "/")).replace(/\.zip$/i, "").trim();
  return (base || "archive").slice(0, 255);
}

export class ZipImporter {
  constructor(
    private readonly store: Store,
    private readonly folders: FolderService,
    private readonly uploads: EntryUploads,
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
    // Folders are planned here and inserted with the documents, in the commit.
    const root = newFolderRecord(user.id, archiveFolderName(archiveName), parentFolderId ?? null);
    const planned: FolderRecord[] = [root];
    const result: ZipImportResult = { root_folder_id: root.id, items: [], skipped: [], failed: [] };
    const folderIds = new Map<string, string>([["", root.id]]);
    const prepared: PreparedUpload[] = [];

    const folderFor = (dir: string): string => {
      if (dir === "." || dir === "") return root.id;
      const known = folderIds.get(dir);
      if (known) return known;
      const folder = newFolderRecord(user.id, path.basename(dir), folderFor(path.dirname(dir)));
      planned.push(folder);
      folderIds.set(dir, folder.id);
      return folder.id;
    };

    try {
      for (let step: IteratorResult<ZipEvent, void> = first; !step.done; step = await events.next()) {
        const event = step.value;
        if (event.kind === "refused") {
          result.failed.push({ path: event.path, reason: event.reason, detail: event.detail });
        } else if (event.kind === "directory") {
          folderFor(event.path);
        } else if (!IMPORTABLE_NAME.test(event.path)) {
          result.skipped.push({ path: event.path, reason: "unsupported_format" });
        } else {
          const entry = await this.prepareFile(user, parentFolderId, event.path, event.read, folderFor, result);
          if (entry) prepared.push(entry);
        }
      }
      crashPoint("zip-import:before-commit");
      await this.store.write(async (tx) => {
        if (parentFolderId !== undefined) {
          const parent = await tx.folders.get(parentFolderId);
          if (!parent || parent.owner !== user.id) throw new NotFoundError(`Folder ${parentFolderId} not found`);
        }
        for (const folder of planned) await tx.folders.insert(folder);
        for (const entry of prepared) await this.uploads.commitIn(tx, user, entry);
      });
    } catch (error) {
      await Promise.all(prepared.map((entry) => this.uploads.discard(entry)));
      throw error;
    }
    return result;
  }

  private async prepareFile(user: UserRecord, parentFolderId: string | undefined, entryPath: string, read: () => Promise<Buffer>, folderFor: (dir: string) => string, result: ZipImportResult): Promise<PreparedUpload | undefined> {
    let bytes: Buffer;
    try {
      bytes = await read();
    } catch (error) {
      result.failed.push({ path: entryPath, reason: "read_error", detail: `The entry could not be read: ${(error as Error).message}` });
      return undefined;
    }
    const fileName = path.basename(entryPath);
    let kind: string;
    try {
      kind = (await detectDocument(bytes, fileName)).kind;
    } catch (error) {
      if (!(error instanceof ContainerError)) throw error;
      // A document inside the archive that breaks the archive limits itself (a DOCX bomb).
      result.failed.push({ path: entryPath, reason: error.reason, detail: `Refused like an unsafe archive: ${error.message}` });
      return undefined;
    }
    if (kind === "zip" || kind === "unknown") {
      result.skipped.push({ path: entryPath, reason: "unsupported_format" });
      return undefined;
    }
    const folderId = folderFor(path.dirname(entryPath));
    try {
      // The entry's folder exists only from the commit on: it is prepared as if in the archive's
      // parent (the same workspace, so the same metadata schema) and filed in its folder when committed.
      const entry = await this.uploads.prepare(user, { fileName, bytes, folderId: parentFolderId });
      entry.record.folderId = folderId;
      result.items.push({ path: entryPath, folder_id: folderId, file_name: fileName, doc_id: entry.record.id, status: "queued" });
      return entry;
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      result.failed.push({ path: entryPath, reason: "rejected", detail: error.message });
      return undefined;
    }
  }
}
