/**
 * Which of the user's documents fit a request, by name, description and content: BM25
 * (MiniSearch, the same term analysis as section search) over names and descriptions, and
 * the lexical section search over the contents. A document's score is the sum of its
 * normalised name/description and content scores, so either alone can surface it. The
 * contents come from the library index, which reads every completed document.
 */
import MiniSearch from "minisearch";
import type { DocumentRecord, Store, UserRecord } from "../../store/index.ts";
import type { SearchService } from "../retrieval/search-service.ts";
import { analyse } from "../retrieval/terms.ts";

export interface RelevantDocument {
  doc: DocumentRecord;
  score: number;
  matched: ("name" | "description" | "content")[];
  /** Best matching sections (content matches only). */
  sections: { node_id: string; title: string; start_index?: number; end_index?: number; line_num?: number }[];
  /** PDF: the document's pages to open first for this request (content matches only). */
  pages: number[];
}

export class DocumentFinder {
  constructor(
    private readonly store: Store,
    private readonly search: SearchService,
  ) {}

  /**
   * Every document of the user (or of one folder: `null` = not in a folder) is considered:
   * names and descriptions of all of them, contents of all completed ones (the library
   * index). `limit` bounds the answer only.
   */
  async find(user: UserRecord, query: string, limit: number, folderId?: string | null): Promise<RelevantDocument[]> {
    const docs = await this.store.read((tx) => tx.documents.find(folderId === undefined ? { owner: user.id } : { owner: user.id, folderId }));
    const byId = new Map(docs.map((d) => [d.id, d]));
    const found = new Map<string, RelevantDocument>();
    const entry = (doc: DocumentRecord) => {
      let e = found.get(doc.id);
      if (!e) found.set(doc.id, (e = { doc, score: 0, matched: [], sections: [], pages: [] }));
      return e;
    };

    const catalogue = new MiniSearch<{ id: string; name: string; description: string }>({
      fields: ["name", "description"],
      processTerm: (term) => analyse(term)[0] ?? null,
      tokenize: (text) => text.split(/[\s_.\-/]+/),
      searchOptions: { boost: { name: 2 }, combineWith: "OR" },
    });
    catalogue.addAll(docs.map((d) => ({ id: d.id, name: d.name.replace(/\.[a-z0-9]{1,8}$/i, ""), description: d.description })));
    const meta = catalogue.search(query);
    const topMeta = meta[0]?.score ?? 1;
    for (const hit of meta) {
      const e = entry(byId.get(hit.id as string)!);
      e.score += hit.score / topMeta;
      const fields = new Set(Object.values(hit.match).flat());
      if (fields.has("name")) e.matched.push("name");
      if (fields.has("description")) e.matched.push("description");
    }

    const scope = {
      owner: user.id,
      ...(folderId === undefined ? {} : { docIds: docs.map((d) => d.id) }),
      total: docs.length,
      ready: docs.filter((d) => d.status === "completed").length,
    };
    const content = await this.search.searchScope(scope, query, { limit: 50, passagesPerNode: 1 });
    const topContent = content.documents[0]?.score ?? 1;
    for (const hit of content.documents) {
      const doc = byId.get(hit.doc_id);
      if (!doc) continue;
      const e = entry(doc);
      e.score += hit.score / topContent;
      if (hit.content !== false) e.matched.push("content");
    }
    for (const page of content.pages) {
      const e = found.get(page.doc_id);
      if (e && e.pages.length < 3) e.pages.push(page.page);
    }
    for (const node of content.nodes) {
      const e = found.get(node.doc_id);
      if (e && e.sections.length < 3) e.sections.push({ node_id: node.node_id, title: node.title, start_index: node.start_index, end_index: node.end_index, line_num: node.line_num });
    }
    return [...found.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }
}
