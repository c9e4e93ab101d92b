/**
 * Local copies of blobs kept outside the file system (PostgreSQL, S3), for worker threads
 * that read files by path: `<home>/blob-cache/<doc>/<version>~<name>`, written atomically
 * once and reused while the blob keeps that version (a watched folder's changed file
 * replaces a document's original: the next job must read the new one, on every server),
 * removed with the document.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { checkSegment } from "./blobs.ts";
import { writeFileDurably } from "./durable-file.ts";

export class ScratchCopies {
  private readonly root: string;

  constructor(home: string) {
    this.root = path.join(home, "blob-cache");
  }

  /** `version` names the blob's current content (the store's write time or tag); undefined: the blob is missing. */
  async path(docId: string, name: string, version: string | undefined, load: () => Promise<Buffer | undefined>): Promise<string> {
    if (version === undefined) throw new Error(`Blob ${name} of ${docId} is missing from the store`);
    const dir = path.join(this.root, checkSegment("document id", docId));
    const file = path.join(dir, `${version.replace(/[^A-Za-z0-9_-]/g, "_")}~${checkSegment("blob name", name)}`);
    try {
      await fs.access(file);
      return file;
    } catch {
      // not copied yet
    }
    const data = await load();
    if (data === undefined) throw new Error(`Blob ${name} of ${docId} is missing from the store`);
    await fs.mkdir(dir, { recursive: true });
    await writeFileDurably(file, data, { durable: false });
    // Older versions of the same blob are no longer read (a job still reading one keeps its open file).
    for (const other of await fs.readdir(dir).catch(() => [] as string[])) {
      if (other !== path.basename(file) && other.endsWith(`~${name}`)) await fs.rm(path.join(dir, other), { force: true });
    }
    return file;
  }

  async remove(docId: string): Promise<void> {
    await fs.rm(path.join(this.root, checkSegment("document id", docId)), { recursive: true, force: true });
  }
}
