/**
 * Indexing progress of the documents this process is indexing, in pages, for clients that
 * draw a bar (MCP progress notifications, the CLI). Kept in memory: a job another process
 * runs (two servers on one store) has no entry here, and readers then show its status only.
 */

export type IndexStage = "reading pages" | "recognising scanned pages" | "building the tree";

export interface IndexProgress {
  stage: IndexStage;
  /** Pages done in this stage. */
  done: number;
  /** Pages this stage covers. */
  total: number;
}

export class ProgressBoard {
  private readonly entries = new Map<string, IndexProgress>();

  set(docId: string, progress: IndexProgress): void {
    this.entries.set(docId, progress);
  }

  get(docId: string): IndexProgress | undefined {
    return this.entries.get(docId);
  }

  clear(docId: string): void {
    this.entries.delete(docId);
  }
}
