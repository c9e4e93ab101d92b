/**
 * Local copies of blobs kept outside the file system (PostgreSQL, S3), for worker threads
 * that read files by path: `<home>/blob-cache/<doc>/<name>`, written atomically once and
 * reused (the blobs read by path, the original files, never change), removed with the
 * document.
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

  async path(docId: string, name: string, load: () => Promise<Buffer | undefined>): Promise<string> {
    const file = path.join(this.root, checkSegment("document id", docId), checkSegment("blob name", name));
    try {
      await fs.access(file);
      return file;
    } catch {
      // not copied yet
    }
    const data = await load();
    if (data === undefined) throw new Error(`Blob ${name} of ${docId} is missing from the store`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileDurably(file, data, { durable: false });
    return file;
  }

  async remove(docId: string): Promise<void> {
    await fs.rm(path.join(this.root, checkSegment("document id", docId)), { recursive: true, force: true });
  }
}
