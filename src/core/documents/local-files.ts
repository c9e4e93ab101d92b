/**
 * Indexing a file from the local disk (MCP `process_document`): a path or `file://` URL that
 * must lie under one of the configured allowed roots (TREEINDEX_ALLOWED_ROOTS). Symlinks are
 * resolved before the check, so a link inside a root cannot reach a file outside it.
 */
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expandHome } from "../../expand-home.ts";
import type { UserRecord } from "../../store/index.ts";
import type { ZipImportResult } from "../zip-import/schemas.ts";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, PayloadTooLargeError } from "../errors.ts";
import { uploadOptions } from "./schemas.ts";
import type { DocumentService } from "./service.ts";

/** The path is outside every allowed root (or no root is configured). */
export class ForbiddenPathError extends ForbiddenError {}

export interface LocalFileRequest {
  /** Absolute path (or `~/…`) or file:// URL. */
  location: string;
  folderId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Whether the caller may name local files at all: the stdio server acts for the person at the
 * machine; over HTTP only the users TREEINDEX_LOCAL_FILE_USERS names may (another user of
 * the same service must not index the first user's files).
 */
export interface LocalFileAccess {
  allowed: boolean;
  /**
   * Folders the MCP client offers as its roots (file:// roots, as paths), allowed for this
   * session beside TREEINDEX_ALLOWED_ROOTS: the client's user chose them.
   */
  clientRoots?: string[];
}

/** A download taking longer than this is given up. */
const DOWNLOAD_TIMEOUT_MS = 60_000;
/**
 * Content types a document is served as, with the extension its name gets when it has none
 * of its own (octet-stream: the bytes decide, as for uploads). A page answering `text/html`
 * is a web page.
 */
const DOWNLOAD_TYPES = new Map<string, string | undefined>([
  ["application/pdf", "pdf"],
  ["application/x-pdf", "pdf"],
  ["text/markdown", "md"],
  ["text/x-markdown", "md"],
  ["text/plain", "txt"],
  ["text/html", "html"],
  ["application/xhtml+xml", "html"],
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
  ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
  ["application/vnd.oasis.opendocument.text", "odt"],
  ["application/epub+zip", "epub"],
  ["application/octet-stream", undefined],
  ["binary/octet-stream", undefined],
]);

function downloadName(response: Response, url: URL, type: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  const quoted = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  let name = quoted ? decodeURIComponent(quoted) : decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "");
  name = path.basename(name.replace(/\\/g, "/")) || url.hostname;
  const extension = DOWNLOAD_TYPES.get(type);
  const known: Record<string, RegExp> = { md: /\.(md|markdown)$/i, html: /\.(html?|xhtml)$/i, txt: /\.(txt|text)$/i };
  if (extension && !(known[extension] ?? new RegExp(`\\.${extension}$`, "i")).test(name)) name += `.${extension}`;
  return name;
}

/** Tries to read a file that keeps changing before giving up (a torn read is never stored). */
const STABLE_READ_ATTEMPTS = 3;

export class LocalFileImporter {
  constructor(
    private readonly documents: DocumentService,
    private readonly allowedRoots: string[],
    private readonly maxBytes: number,
  ) {}

  /**
   * Checks the location, reads the file and queues its indexing; answers at once. A ZIP
   * archive is imported like an upload to POST /doc: one document per document entry.
   */
  async process(user: UserRecord, request: LocalFileRequest, access: LocalFileAccess): Promise<{ name: string; doc_id: string } | { name: string; zip: ZipImportResult }> {
    const { name, bytes } = /^https?:\/\//i.test(request.location) ? await this.download(request.location, access) : await this.read(request.location, access);
    const outcome = await this.documents.submit(user, {
      fileName: name,
      bytes,
      options: uploadOptions({}, "doc"),
      folderId: request.folderId,
      metadata: request.metadata,
    });
    return "doc_id" in outcome ? { name: outcome.name, doc_id: outcome.doc_id } : { name, zip: outcome };
  }

  /**
   * A document (PDF, Markdown, web page, office file, e-book, text) from an http(s) URL, for the same users who may name local files
   * (the request comes from this machine's service, so it is theirs to make): at most the
   * upload size limit (counted while streaming, whatever Content-Length says), within
   * DOWNLOAD_TIMEOUT_MS, and only with a content type a document is served as.
   * The name is the Content-Disposition filename, else the URL's last path segment, with
   * the type's extension (`.pdf`, `.md`, `.html`...) added when the name has no such extension.
   */
  async download(location: string, access: LocalFileAccess): Promise<{ name: string; bytes: Uint8Array }> {
    if (!access.allowed) {
      throw new ForbiddenPathError("Fetching URLs is not enabled for this user over HTTP; the server's TREEINDEX_LOCAL_FILE_USERS names who may (the stdio server always may)");
    }
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      throw new InvalidInputError(`${location} is not a valid URL`, ["path"], location);
    }
    let response: Response;
    try {
      response = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    } catch (error) {
      throw new InvalidInputError(`${url.href} could not be fetched: ${(error as Error).message}`, ["path"], location);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new InvalidInputError(`${url.href} answered HTTP ${response.status}`, ["path"], location);
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!DOWNLOAD_TYPES.has(type)) {
      await response.body?.cancel().catch(() => {});
      throw new InvalidInputError(`${url.href} is ${type || "of no stated type"}, not a document type that is read (accepted: ${[...DOWNLOAD_TYPES.keys()].join(", ")})`, ["path"], location);
    }
    const declared = Number(response.headers.get("content-length") ?? "NaN");
    if (declared > this.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw this.tooLarge(url.href, declared);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > this.maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw this.tooLarge(url.href, size);
      }
      chunks.push(chunk);
    }
    return { name: downloadName(response, url, type), bytes: new Uint8Array(Buffer.concat(chunks)) };
  }

  /**
   * The bytes of an allowed local file, within the upload size limit, read through one
   * handle that is verified to be the checked file:
   * 1. the path is opened (following links, as the user would expect);
   * 2. the path of the file the handle has open (Linux: from the kernel; elsewhere: the real
   *    path of the name, whose file must have the handle's device and inode) must lie under
   *    a root's real path, else a link was swapped in and the read is refused;
   * 4. type and size come from the handle, and at most limit + 1 bytes are read from it;
   *    if the file changed while being read (size or mtime), it is read again, and refused
   *    if it never holds still, so a torn file is never stored.
   * Hard links: a file is readable when one of its names lies under a root (step 2 checks
   * the name given); making such a link needs write access to that root.
   */
  async read(location: string, access: LocalFileAccess): Promise<{ name: string; bytes: Uint8Array }> {
    const roots = [...this.allowedRoots, ...(access.clientRoots ?? [])];
    const given = this.checkLexically(location, access, roots);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(given, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
    } catch (error) {
      throw await this.openError(given, error, roots);
    }
    try {
      const real = await this.verifyOpened(handle, given, roots);
      const opened = await handle.stat();
      if (!opened.isFile()) throw new InvalidInputError(`${given} is not a file`, ["path"], location);
      return { name: path.basename(real), bytes: await this.readStable(handle, given) };
    } finally {
      await handle.close();
    }
  }

  /**
   * The real path of the file `handle` has open, checked to lie under a root. On Linux the
   * kernel says which file the handle has open (/proc/self/fd), so no later swap of a
   * directory for a link can matter. Elsewhere the real path of the name is resolved and the
   * file there must be the handle's file (device and inode); a swap racing exactly between
   * those two steps is not excluded there.
   */
  private async verifyOpened(handle: fs.FileHandle, given: string, roots: string[]): Promise<string> {
    const realRoots = await realPaths(roots);
    const opened = await openedPath(handle);
    if (opened === null) throw new NotFoundError(`No file at ${given} (it was removed while being read)`);
    if (opened !== undefined) {
      if (!realRoots.some((root) => isInside(opened, root))) throw this.forbidden(given, roots);
      return opened;
    }
    const real = await this.realInsideRoots(given, roots);
    const [file, named] = await Promise.all([handle.stat(), fs.stat(real).catch(() => undefined)]);
    if (!named || named.dev !== file.dev || named.ino !== file.ino) throw this.forbidden(given, roots);
    return real;
  }

  private async readStable(handle: fs.FileHandle, file: string): Promise<Uint8Array> {
    for (let attempt = 0; attempt < STABLE_READ_ATTEMPTS; attempt++) {
      const before = await handle.stat();
      if (before.size > this.maxBytes) throw this.tooLarge(file, before.size);
      const buffer = Buffer.alloc(Math.min(before.size, this.maxBytes) + 1);
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled > this.maxBytes) throw this.tooLarge(file, filled);
      const after = await handle.stat();
      if (filled === before.size && after.size === before.size && after.mtimeMs === before.mtimeMs) return new Uint8Array(buffer.subarray(0, filled));
    }
    throw new ConflictError(`${file} kept changing while it was read; try again once it is written completely`);
  }

  /**
   * A directory to keep indexed (MCP sync_folder): the same checks as a file, lexical first,
   * then its real path (links resolved) must lie under a root's real path. Answers the real path.
   */
  async allowedDirectory(location: string, access: LocalFileAccess): Promise<string> {
    const roots = [...this.allowedRoots, ...(access.clientRoots ?? [])];
    const given = this.checkLexically(location, access, roots);
    const real = await this.realInsideRoots(given, roots);
    const stat = await fs.stat(real);
    if (!stat.isDirectory()) throw new InvalidInputError(`${given} is not a folder`, ["path"], location);
    return real;
  }

  /** Lexical checks first, so nothing is revealed about files outside the roots. */
  private checkLexically(location: string, access: LocalFileAccess, roots: string[]): string {
    if (!access.allowed) {
      throw new ForbiddenPathError("Reading local files is not enabled for this user over HTTP; the server's TREEINDEX_LOCAL_FILE_USERS names who may (the stdio server always may)");
    }
    if (location.includes("\0")) throw new InvalidInputError("The path contains a NUL character", ["path"], location);
    const given = toPath(location);
    if (roots.length === 0) {
      throw new ForbiddenPathError("No local folders are allowed: set TREEINDEX_ALLOWED_ROOTS to the folders treeindex may read");
    }
    if (!roots.some((root) => isInside(given, root))) throw this.forbidden(given, roots);
    return given;
  }

  private async realInsideRoots(given: string, roots: string[]): Promise<string> {
    let real: string;
    try {
      real = await fs.realpath(given);
    } catch {
      throw new NotFoundError(`No file at ${given} (it was removed while being read)`);
    }
    if (!(await realPaths(roots)).some((root) => isInside(real, root))) throw this.forbidden(given, roots);
    return real;
  }

  /**
   * Why a path inside the roots could not be opened. A missing file is NOT_FOUND only when
   * the missing name itself lies inside the roots once links are followed; a dangling link
   * that points outside answers exactly like an existing outside file (FORBIDDEN_PATH), so
   * the answer never tells whether something outside exists.
   */
  private async openError(given: string, error: unknown, roots: string[]): Promise<Error> {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP") {
      const target = await resolveDangling(given);
      const realRoots = await realPaths(roots);
      if (target && realRoots.some((root) => isInside(target, root))) return new NotFoundError(`No file at ${given}`);
      return this.forbidden(given, roots);
    }
    if (code === "EACCES" || code === "EPERM") return new ForbiddenError(`${given} cannot be read (permission denied)`);
    if (code === "EISDIR") return new InvalidInputError(`${given} is not a file`, ["path"], given);
    return error as Error;
  }

  private tooLarge(file: string, size: number): PayloadTooLargeError {
    return new PayloadTooLargeError(`${file} has ${size > this.maxBytes ? `more than ${this.maxBytes}` : size} bytes; the limit is ${this.maxBytes} (TREEINDEX_MAX_UPLOAD_MB)`);
  }

  private forbidden(file: string, roots: string[]): ForbiddenPathError {
    return new ForbiddenPathError(`${file} is outside the allowed folders (${roots.join(", ")}); set TREEINDEX_ALLOWED_ROOTS to allow more`);
  }
}

/** The real paths of the roots (a root that cannot be resolved stays as given). */
export function realPaths(roots: string[]): Promise<string[]> {
  return Promise.all(roots.map((r) => fs.realpath(r).catch(() => r)));
}

/**
 * The path of the file a handle has open, as the kernel knows it: a string on Linux, null
 * when the file was deleted meanwhile, undefined where the platform cannot tell.
 */
async function openedPath(handle: fs.FileHandle): Promise<string | null | undefined> {
  if (process.platform !== "linux") return undefined;
  try {
    const target = await fs.readlink(`/proc/self/fd/${handle.fd}`);
    return target.endsWith(" (deleted)") ? null : target;
  } catch {
    return undefined;
  }
}

/**
 * Where a path that does not resolve would point: the real path of its deepest existing
 * ancestor plus the rest, following symbolic links by hand (at most 40, like the kernel).
 * Undefined for a link loop.
 */
async function resolveDangling(given: string): Promise<string | undefined> {
  let current = given;
  for (let hops = 0; hops < 40; hops++) {
    let existing = current;
    const rest: string[] = [];
    for (;;) {
      try {
        const stat = await fs.lstat(existing);
        if (stat.isSymbolicLink()) {
          const target = path.resolve(path.dirname(existing), await fs.readlink(existing));
          current = path.join(target, ...rest);
          break;
        }
        return path.join(await fs.realpath(existing), ...rest);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOENT" && code !== "ENOTDIR") return undefined;
        const parent = path.dirname(existing);
        if (parent === existing) return path.join(existing, ...rest);
        rest.unshift(path.basename(existing));
        existing = parent;
      }
    }
  }
  return undefined;
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
  // `~/…` is the user's home, as a shell would read it (a client passes the path unexpanded);
  // the allowed-roots check then applies to the expanded path like to any other.
  const expanded = expandHome(trimmed);
  if (!path.isAbsolute(expanded)) {
    throw new InvalidInputError(`Give an absolute path or ~/… (got ${JSON.stringify(location)}): the server does not share your working folder`, ["path"], location);
  }
  return path.resolve(expanded);
}

/** True when `file` is `root` or lies below it (both absolute); the sync's scan uses it for links too. */
export function isInside(file: string, root: string): boolean {
  const rel = path.relative(root, file);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
