/**
 * Office documents and e-books are ZIP archives (a "container"). They are read through the
 * same reader, with the same limits, as a ZIP import: an encrypted entry, a compression
 * ratio that says "bomb", too many entries or too many bytes refuse the whole document
 * (a DOCX whose document.xml inflates 1000:1 is refused exactly like such a ZIP entry).
 * Only the parts the indexer asks for are inflated; images and other media are never read.
 */
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from "./limits.ts";
import { readZip, UnreadableArchiveError, type RefusalReason } from "./reader.ts";

/** A container refused by the archive limits, or not a readable archive at all. */
export class ContainerError extends Error {
  override readonly name = "ContainerError";
  constructor(
    message: string,
    readonly reason: RefusalReason | "unreadable" | "parts_too_large",
  ) {
    super(message);
  }
}

export interface Container {
  /** Every file entry's path, in archive order. */
  names: string[];
  /** The inflated parts that were asked for. */
  parts: Map<string, Buffer>;
}

export interface ContainerOptions {
  limits?: ZipLimits;
  /** Most bytes the parts read may inflate to in total (the job's memory budget). */
  maxPartBytes?: number;
}

/**
 * Lists the container and reads the parts `wanted` selects (by path and inflated size). Any
 * refused entry refuses the container: a document with an encrypted or bomb-like part cannot
 * be trusted in part.
 */
export async function readContainer(bytes: Uint8Array, wanted: (path: string, size: number) => boolean, options: ContainerOptions = {}): Promise<Container> {
  const limits = options.limits ?? DEFAULT_ZIP_LIMITS;
  const maxPartBytes = options.maxPartBytes ?? limits.maxTotalBytes;
  const names: string[] = [];
  const parts = new Map<string, Buffer>();
  let partBytes = 0;
  try {
    for await (const event of readZip(bytes, limits)) {
      if (event.kind === "refused") throw new ContainerError(`${event.path === "*" ? "the archive" : event.path}: ${event.detail}`, event.reason);
      if (event.kind !== "file") continue;
      names.push(event.path);
      // The size is the entry's stated inflated size (checked against the limits already): a
      // caller can pass over a part too large for it before anything is inflated.
      if (!wanted(event.path, event.size)) continue;
      partBytes += event.size;
      if (partBytes > maxPartBytes) throw new ContainerError(`its text parts would inflate to more than ${maxPartBytes} bytes (the per-job memory limit)`, "parts_too_large");
      parts.set(event.path, await event.read());
    }
  } catch (error) {
    if (error instanceof UnreadableArchiveError) throw new ContainerError(error.message, "unreadable");
    if (error instanceof ContainerError) throw error;
    throw new ContainerError(`the archive could not be read: ${(error as Error).message}`, "read_error");
  }
  return { names, parts };
}

/** Checks the whole container against the limits without keeping any part (an upload's early answer). */
export async function checkContainer(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string[]> {
  return (await readContainer(bytes, () => false, { limits })).names;
}
