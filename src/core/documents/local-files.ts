/**
 * Indexing a file from the local disk (MCP `process_document`): a path or `file://` URL that
 * must lie under one of the configured allowed roots (TREEINDEX_ALLOWED_ROOTS). Symlinks are
 * resolved before the check, so a link inside a root cannot reach a file outside it.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { UserRecord } from "../../store/index.ts";
import type { ZipImportResult } from "../zip-import/schemas.ts";
import { ForbiddenError, InvalidInputError, NotFoundError, PayloadTooLargeError } from "../errors.ts";
import { uploadOptions } from "./schemas.ts";
import type { DocumentService } from "./service.ts";

/** The path is outside every allowed root (or no root is configured). */
export class ForbiddenPathError extends ForbiddenError {}

export interface LocalFileRequest {
  /** Absolute path or file:// URL. */
  location: string;
  folderId?: string;
  metadata?: Record<string, unknown>;
}

export class LocalFileImporter {
  constructor(
    private readonly documents: DocumentService,
    private readonly allowedRoots: string[],
    private readonly maxBytes: number,
  ) {}

  /**
   * Checks the location, reads the file and queues its indexing; answers at once. A ZIP
   * archive is imported like an upload to POST /doc: one document per PDF/Markdown entry.
   */
  async process(user: UserRecord, request: LocalFileRequest): Promise<{ name: string; doc_id: string } | { name: string; zip: ZipImportResult }> {
    const { name, bytes } = await this.read(request.location);
    const outcome = await this.documents.submit(user, {
      fileName: name,
      bytes,
      options: uploadOptions({}, "doc"),
      folderId: request.folderId,
      metadata: request.metadata,
    });
    return "doc_id" in outcome ? { name, doc_id: outcome.doc_id } : { name, zip: outcome };
  }

  /** The bytes of an allowed local file, within the upload size limit. */
  async read(location: string): Promise<{ name: string; bytes: Uint8Array }> {
    const file = await this.resolve(location);
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new InvalidInputError(`${file} is not a file`, ["path"], location);
    if (stat.size > this.maxBytes) {
      throw new PayloadTooLargeError(`${file} has ${stat.size} bytes; the limit is ${this.maxBytes} (TREEINDEX_MAX_UPLOAD_MB)`);
    }
    return { name: path.basename(file), bytes: new Uint8Array(await fs.readFile(file)) };
  }

  /** The real path of an existing file under an allowed root. */
  async resolve(location: string): Promise<string> {
    const given = toPath(location);
    if (this.allowedRoots.length === 0) {
      throw new ForbiddenPathError("No local folders are allowed: set TREEINDEX_ALLOWED_ROOTS to the folders treeindex may read");
    }
    // Lexical check first, so nothing is revealed about files outside the roots.
    if (!this.allowedRoots.some((root) => isInside(given, root))) throw this.forbidden(given);
    let real: string;
    try {
      real = await fs.realpath(given);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotFoundError(`No file at ${given}`);
      throw error;
    }
    const realRoots = await Promise.all(this.allowedRoots.map((r) => fs.realpath(r).catch(() => r)));
    if (!realRoots.some((root) => isInside(real, root))) throw this.forbidden(given);
    return real;
  }

  private forbidden(file: string): ForbiddenPathError {
    return new ForbiddenPathError(`${file} is outside the allowed folders (${this.allowedRoots.join(", ")}); set TREEINDEX_ALLOWED_ROOTS to allow more`);
  }
}

function toPath(location: string): string {
  const trimmed = location.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    if (!trimmed.toLowerCase().startsWith("file://")) {
      throw new InvalidInputError("Only local files are accepted: an absolute path or a file:// URL", ["path"], location);
    }
    try {
      return path.resolve(fileURLToPath(trimmed));
    } catch {
      throw new InvalidInputError(`Invalid file URL ${trimmed}`, ["path"], location);
    }
  }
  if (!path.isAbsolute(trimmed)) {
    throw new InvalidInputError(`Give an absolute path (got ${JSON.stringify(location)}): the server does not share your working folder`, ["path"], location);
  }
  return path.resolve(trimmed);
}

function isInside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
