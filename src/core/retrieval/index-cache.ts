/**
 * Lexical indexes are built once per document and kept, least recently used first out.
 * The bound is in pages (an index costs about 18 KB of heap per page of real text: its
 * passages, their terms and three BM25 indexes of typed arrays, measured over 1,592 pages of
 * the library-scale bench's documents; 110 KB while the indexes were MiniSearch's) and in
 * documents. Library searches visit many documents; at 10,000 pages (~180 MB) a server
 * answering a 10,000-document library stays under 1 GB (library-scale bench). A document
 * re-indexed later has a new `updatedAt`, which invalidates its entry. Concurrent first
 * queries share one build.
 */
import type { TreeNode } from "../../indexing/tree-types.ts";
import type { DocumentRecord, Store } from "../../store/index.ts";
import { PAGES_BLOB, TREE_BLOB } from "../documents/index-job.ts";
import { LexicalIndex } from "./lexical-index.ts";

export interface IndexCacheLimits {
  /** Documents kept. */
  documents: number;
  /** Pages kept over all documents (~180 MB at 10,000). */
  pages: number;
}

const DEFAULT_LIMITS: IndexCacheLimits = { documents: 500, pages: 10_000 };

interface Entry {
  stamp: string;
  pages: number;
  index: Promise<LexicalIndex>;
}

export class IndexCache {
  private readonly entries = new Map<string, Entry>();
  private pages = 0;

  constructor(
    private readonly store: Store,
    private readonly limits: IndexCacheLimits = DEFAULT_LIMITS,
  ) {}

  get(doc: DocumentRecord): Promise<LexicalIndex> {
    const stamp = doc.updatedAt ?? doc.createdAt;
    const hit = this.entries.get(doc.id);
    if (hit && hit.stamp === stamp) {
      this.entries.delete(doc.id);
      this.entries.set(doc.id, hit);
      return hit.index;
    }
    if (hit) this.forget(doc.id);
    const index = this.build(doc.id);
    // A failed build must not stay cached.
    index.catch(() => this.entries.get(doc.id)?.index === index && this.forget(doc.id));
    const entry: Entry = { stamp, pages: Math.max(1, doc.pageNum), index };
    this.entries.set(doc.id, entry);
    this.pages += entry.pages;
    // The newest entry always stays, even when it alone is over the page budget.
    while (this.entries.size > 1 && (this.entries.size > this.limits.documents || this.pages > this.limits.pages)) {
      this.forget(this.entries.keys().next().value!);
    }
    return index;
  }

  /** The document's index if it is built and current, without building it. */
  async peek(doc: DocumentRecord): Promise<LexicalIndex | undefined> {
    const hit = this.entries.get(doc.id);
    if (!hit || hit.stamp !== (doc.updatedAt ?? doc.createdAt)) return undefined;
    return hit.index.catch(() => undefined);
  }

  /** Documents currently cached (for tests and logs). */
  get size(): number {
    return this.entries.size;
  }

  forget(docId: string): void {
    const entry = this.entries.get(docId);
    if (!entry) return;
    this.entries.delete(docId);
    this.pages -= entry.pages;
  }

  private async build(docId: string): Promise<LexicalIndex> {
    const [tree, pages] = await Promise.all([
      this.store.blobs.readJson<TreeNode[]>(docId, TREE_BLOB),
      this.store.blobs.readJson<string[]>(docId, PAGES_BLOB),
    ]);
    if (!tree) throw new Error(`Tree of ${docId} is missing from the store`);
    return LexicalIndex.build(tree, pages ?? undefined);
  }
}
