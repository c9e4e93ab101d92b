/**
 * Lexical search over one document or many (a list of ids, a folder with its subfolders,
 * or all of the user's documents). Across documents, nodes are merged by score and each
 * document is ranked by its best node.
 */
import type { DocumentRecord, FindOptions, Store, UserRecord } from "../../store/index.ts";
import type { DocumentService } from "../documents/service.ts";
import { NotReadyError } from "../errors.ts";
import type { FolderService } from "../folders/service.ts";
import { subtreeFolderIds } from "../folders/tree.ts";
import { IndexCache } from "./index-cache.ts";
import type { LexicalOptions, LexicalResult, ScoredNode, ScoredPassage } from "./lexical-index.ts";
import type { RankedPage } from "./page-ranking.ts";

export interface SearchScope {
  docIds?: string[];
  folderId?: string;
}

export interface DocRef {
  doc_id: string;
  doc_name: string;
}

export type DocNode = ScoredNode & DocRef;
export type DocPassage = ScoredPassage & DocRef;
export type DocPage = RankedPage & DocRef;

export interface MultiSearchResult {
  /** Documents with at least one match, best first. */
  documents: (DocRef & { score: number })[];
  nodes: DocNode[];
  passages: DocPassage[];
  /** PDF pages to open first: each matching document's best pages, documents best first. */
  pages: DocPage[];
}

/** Pages listed per document, and in all. */
const PAGES_PER_DOCUMENT = 5;
const PAGES_LISTED = 10;
/** Documents searched at most in one request (bounds the work of an unscoped query). */
const MAX_DOCUMENTS = 200;
const OLDEST_FIRST: FindOptions = { sort: [["createdAt", 1]], limit: MAX_DOCUMENTS };

export class SearchService {
  readonly cache: IndexCache;

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly folders: FolderService,
  ) {
    this.cache = new IndexCache(store);
  }

  /** The document, which must be completed (NotReadyError, i.e. 409, otherwise). */
  async readyDocument(user: UserRecord, docId: string): Promise<DocumentRecord> {
    const doc = await this.documents.get(user, docId);
    if (doc.status === "failed") throw new NotReadyError(`Document ${docId} failed to index (${doc.error ?? "unknown error"}); it cannot be searched`);
    if (doc.status !== "completed") throw new NotReadyError(`Document ${docId} is not retrieval_ready yet (status ${doc.status === "queued" ? "processing" : doc.status}): poll GET /doc/${docId} until retrieval_ready is true`);
    return doc;
  }

  async searchDocument(user: UserRecord, docId: string, query: string, options?: LexicalOptions): Promise<{ doc: DocumentRecord; result: LexicalResult }> {
    const doc = await this.readyDocument(user, docId);
    const index = await this.cache.get(doc);
    return { doc, result: index.search(query, options) };
  }

  /** Completed documents in the scope. Named documents must exist and be ready; a folder must exist. */
  async scopeDocuments(user: UserRecord, scope: SearchScope): Promise<DocumentRecord[]> {
    if (scope.docIds?.length) return Promise.all([...new Set(scope.docIds)].map((id) => this.readyDocument(user, id)));
    if (scope.folderId !== undefined) {
      await this.folders.get(user, scope.folderId);
      return this.store.read(async (tx) => {
        const folders = await subtreeFolderIds(tx, user.id, scope.folderId!);
        return tx.documents.find({ owner: user.id, status: "completed", folderId: { $in: [...folders] } }, OLDEST_FIRST);
      });
    }
    return this.store.read((tx) => tx.documents.find({ owner: user.id, status: "completed" }, OLDEST_FIRST));
  }

  async search(user: UserRecord, scope: SearchScope, query: string, options: LexicalOptions = {}): Promise<MultiSearchResult> {
    const docs = await this.scopeDocuments(user, scope);
    return this.searchIn(docs, query, options);
  }

  async searchIn(docs: DocumentRecord[], query: string, options: LexicalOptions = {}): Promise<MultiSearchResult> {
    const limit = options.limit ?? 5;
    const out: MultiSearchResult = { documents: [], nodes: [], passages: [], pages: [] };
    const pagesOf = new Map<string, DocPage[]>();
    for (const doc of docs) {
      const result = (await this.cache.get(doc)).search(query, options);
      if (!result.nodes.length) continue;
      const ref = { doc_id: doc.id, doc_name: doc.name };
      out.documents.push({ ...ref, score: result.nodes[0].score });
      out.nodes.push(...result.nodes.map((n) => ({ ...n, ...ref })));
      out.passages.push(...result.passages.map((p) => ({ ...p, ...ref })));
      pagesOf.set(doc.id, result.rankedPages.filter((p) => p.score > 0).slice(0, PAGES_PER_DOCUMENT).map((p) => ({ ...p, ...ref })));
    }
    out.documents.sort((a, b) => b.score - a.score);
    out.pages = out.documents.flatMap((d) => pagesOf.get(d.doc_id) ?? []).slice(0, PAGES_LISTED);
    out.nodes.sort((a, b) => b.score - a.score);
    out.nodes = out.nodes.slice(0, limit);
    out.passages.sort((a, b) => b.score - a.score);
    out.passages = out.passages.slice(0, 50);
    return out;
  }
}
