/**
 * Lexical search over one document or many (a list of ids, a folder with its subfolders, a
 * metadata filter, or all of the user's documents). One document is ranked by its own
 * lexical index; more go through the library index (core/library/search.ts), which reads
 * every document in scope.
 */
import type { DocumentRecord, Store, UserRecord, Where } from "../../store/index.ts";
import type { DocumentService } from "../documents/service.ts";
import { NotReadyError } from "../errors.ts";
import type { FolderService } from "../folders/service.ts";
import { subtreeFolderIds } from "../folders/tree.ts";
import { LibrarySearch, PAGES_LISTED, PAGES_PER_DOCUMENT, type LibraryResult } from "../library/search.ts";
import type { Filter } from "../listing/query-language.ts";
import { onMetadata } from "../listing/service.ts";
import { IndexCache } from "./index-cache.ts";
import type { LexicalOptions, LexicalResult, ScoredNode, ScoredPassage } from "./lexical-index.ts";
import type { RankedPage } from "./page-ranking.ts";

export interface SearchScope {
  docIds?: string[];
  folderId?: string;
  /** The `GET /docs` metadata filter, parsed: narrows any scope but a list of documents. */
  metadataFilter?: Filter;
}

export interface DocRef {
  doc_id: string;
  doc_name: string;
}

export type DocNode = ScoredNode & DocRef;
export type DocPassage = ScoredPassage & DocRef;
export type DocPage = RankedPage & DocRef;

export interface MultiSearchResult {
  /** Documents with at least one match, best first (`content: false`: matched by their own fields only). */
  documents: (DocRef & { score: number; content?: boolean })[];
  nodes: DocNode[];
  passages: DocPassage[];
  /** PDF pages to open first: each matching document's best pages, documents best first. */
  pages: DocPage[];
}


/** A scope resolved against the catalogue: what a search reads and how many documents it holds. */
export interface ResolvedScope {
  owner: string;
  /** Documents named by the caller (each checked: it exists and is ready). */
  named?: DocumentRecord[];
  /** The documents of a folder or a metadata filter (any status); absent: the owner's whole library. */
  docIds?: string[];
  /** The condition that chose `docIds` (queries over the scope use it, not thousands of ids). */
  where?: Where;
  /** Documents in scope, whatever their status. */
  total: number;
  /** Completed documents in scope. */
  ready: number;
}

export class SearchService {
  readonly cache: IndexCache;
  private readonly library: LibrarySearch;

  constructor(
    private readonly store: Store,
    private readonly documents: DocumentService,
    private readonly folders: FolderService,
  ) {
    this.cache = new IndexCache(store);
    this.library = new LibrarySearch(store, this.cache);
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

  /**
   * The scope as the catalogue has it. Named documents must exist and be ready; a folder
   * must exist. Nothing is capped: a folder or a filter gives all its documents.
   */
  async resolve(user: UserRecord, scope: SearchScope): Promise<ResolvedScope> {
    if (scope.docIds?.length) {
      const named = await Promise.all([...new Set(scope.docIds)].map((id) => this.readyDocument(user, id)));
      return { owner: user.id, named, total: named.length, ready: named.length };
    }
    // The folder service's own NotFound, outside the read (the file store's reads do not nest).
    if (scope.folderId !== undefined) await this.folders.get(user, scope.folderId);
    return this.store.read(async (tx) => {
      const conditions: Where[] = [{ owner: user.id }];
      if (scope.folderId !== undefined) {
        conditions.push({ folderId: { $in: [...(await subtreeFolderIds(tx, user.id, scope.folderId))] } });
      }
      if (scope.metadataFilter) conditions.push(onMetadata(scope.metadataFilter));
      const where: Where = conditions.length === 1 ? conditions[0] : { $and: conditions };
      if (conditions.length === 1) {
        // Two counts of plain equalities: the stores answer them without reading records out.
        const [total, ready] = await Promise.all([tx.documents.count(where), tx.documents.count({ owner: user.id, status: "completed" })]);
        return { owner: user.id, total, ready };
      }
      const docs = await tx.documents.find(where);
      return { owner: user.id, docIds: docs.map((d) => d.id), where, total: docs.length, ready: docs.filter((d) => d.status === "completed").length };
    });
  }

  /** The scope's completed document with this id, if it is in scope. */
  async inScope(scope: ResolvedScope, docId: string): Promise<DocumentRecord | undefined> {
    if (scope.named) return scope.named.find((d) => d.id === docId);
    if (scope.docIds && !new Set(scope.docIds).has(docId)) return undefined;
    const doc = await this.store.read((tx) => tx.documents.get(docId));
    return doc && doc.owner === scope.owner && doc.status === "completed" ? doc : undefined;
  }

  /** The newest completed documents of the scope (to name a few of them, e.g. to a model). */
  async newest(scope: ResolvedScope, limit: number): Promise<DocumentRecord[]> {
    if (scope.named) return scope.named.slice(0, limit);
    const where: Where = { $and: [scope.where ?? { owner: scope.owner }, { status: "completed" }] };
    return this.store.read((tx) => tx.documents.find(where, { sort: [["createdAt", -1]], limit }));
  }

  async search(user: UserRecord, scope: SearchScope, query: string, options: LexicalOptions = {}): Promise<LibraryResult> {
    return this.searchScope(await this.resolve(user, scope), query, options);
  }

  /** One named document: its own ranker. Anything wider: the library index, then the best documents' rankers. */
  async searchScope(scope: ResolvedScope, query: string, options: LexicalOptions = {}): Promise<LibraryResult> {
    if (scope.named?.length === 1) return { ...(await this.searchOne(scope.named[0], query, options)), searched: { documents: 1, of: 1 } };
    const docIds = scope.named ? scope.named.map((d) => d.id) : scope.docIds;
    return this.library.search({ owner: scope.owner, docIds, total: scope.total }, query, options);
  }

  private async searchOne(doc: DocumentRecord, query: string, options: LexicalOptions): Promise<MultiSearchResult> {
    const result = (await this.cache.get(doc)).search(query, options);
    const ref = { doc_id: doc.id, doc_name: doc.name };
    if (!result.nodes.length) return { documents: [], nodes: [], passages: [], pages: [] };
    return {
      documents: [{ ...ref, score: result.nodes[0].score }],
      nodes: result.nodes.map((n) => ({ ...n, ...ref })),
      passages: result.passages.slice(0, 50).map((p) => ({ ...p, ...ref })),
      pages: result.rankedPages.filter((p) => p.score > 0).slice(0, PAGES_PER_DOCUMENT).map((p) => ({ ...p, ...ref })).slice(0, PAGES_LISTED),
    };
  }
}
