/**
 * The chat agent's tools: the same document operations the MCP server offers (structure,
 * page content, node content, search), over the same core services, limited to the
 * documents in the chat's scope. Arguments the model writes are validated with zod; a bad
 * call becomes an error result the model can correct, never a failed request.
 */
import { z } from "zod";
import type { DocumentReader } from "../documents/reading.ts";
import { CoreError } from "../errors.ts";
import type { LlmToolDef } from "../../llm/index.ts";
import type { DocumentRecord, UserRecord } from "../../store/index.ts";
import type { ResolvedScope, SearchService } from "../retrieval/search-service.ts";

/** Characters of one tool result given back to the model (~6k tokens). */
const RESULT_CHARS = 24_000;

const docId = z.string().describe("doc_id of a document in scope");
const nodeId = z.string().regex(/^\d{4,}$/, "node ids look like 0007");

const TOOLS = {
  search_documents: {
    description: "Keyword search (BM25 over section titles, summaries and text) in the documents in scope. Returns ranked sections with matching passages and their pages. Start here.",
    args: z.object({ query: z.string().min(1).max(1000), doc_id: docId.optional().describe("Limit to one document") }),
  },
  get_document_structure: {
    description: "The table of contents of a document: node ids, titles, page ranges (no text). Use max_depth for big documents and node_id to expand one section.",
    args: z.object({ doc_id: docId, max_depth: z.number().int().min(1).max(50).optional(), node_id: nodeId.optional(), part: z.number().int().min(1).optional() }),
  },
  get_page_content: {
    description: 'Text of chosen pages of a PDF: pages like "5", "3,7", "5-10" (1-based physical pages). Ask for tight ranges.',
    args: z.object({ doc_id: docId, pages: z.string().min(1).max(200) }),
  },
  get_node_content: {
    description: "Text of chosen sections by node id (from the structure or a search).",
    args: z.object({ doc_id: docId, node_ids: z.array(nodeId).min(1).max(20), include_children: z.boolean().optional() }),
  },
} as const;

export type ToolName = keyof typeof TOOLS;

export const TOOL_DEFS: LlmToolDef[] = Object.entries(TOOLS).map(([name, t]) => {
  const parameters = z.toJSONSchema(t.args, { target: "draft-7" }) as Record<string, unknown>;
  delete parameters.$schema;
  return { name, description: t.description, parameters };
});

export interface ToolOutcome {
  /** JSON text given to the model. */
  content: string;
  isError: boolean;
  /** Parsed arguments (for the tool-use block), or the raw text when unparsable. */
  input: Record<string, unknown>;
}

/** Documents named to the model in its instructions; the rest are found by search_documents. */
const DOCUMENTS_NAMED = 50;

export class ChatTools {
  private constructor(
    private readonly user: UserRecord,
    private readonly scope: ResolvedScope,
    /** The newest documents of the scope (all of them when few), for the model's instructions. */
    readonly docs: DocumentRecord[],
    private readonly reader: DocumentReader,
    private readonly search: SearchService,
  ) {}

  static async create(user: UserRecord, scope: ResolvedScope, reader: DocumentReader, search: SearchService): Promise<ChatTools> {
    return new ChatTools(user, scope, await search.newest(scope, DOCUMENTS_NAMED), reader, search);
  }

  /** Completed documents in scope (more than `docs` holds when the library is large). */
  get documentsInScope(): number {
    return this.scope.ready;
  }

  async call(name: string, rawArguments: string): Promise<ToolOutcome> {
    let input: Record<string, unknown> = {};
    try {
      input = rawArguments.trim() ? JSON.parse(rawArguments) : {};
    } catch {
      return { content: JSON.stringify({ error: `The arguments are not valid JSON: ${rawArguments.slice(0, 200)}` }), isError: true, input: { raw: rawArguments.slice(0, 500) } };
    }
    const tool = TOOLS[name as ToolName];
    if (!tool) return { content: JSON.stringify({ error: `Unknown tool ${name}; the tools are ${Object.keys(TOOLS).join(", ")}` }), isError: true, input };
    const parsed = tool.args.safeParse(input);
    if (!parsed.success) {
      return { content: JSON.stringify({ error: `Invalid arguments: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` }), isError: true, input };
    }
    try {
      const value = await this.run(name as ToolName, parsed.data as Record<string, unknown>);
      return { content: cap(JSON.stringify(value)), isError: false, input };
    } catch (error) {
      if (!(error instanceof CoreError)) throw error;
      return { content: JSON.stringify({ error: error.message }), isError: true, input };
    }
  }

  private async run(name: ToolName, args: Record<string, unknown>): Promise<unknown> {
    const doc = args.doc_id === undefined ? undefined : await this.inScope(String(args.doc_id));
    switch (name) {
      case "search_documents": {
        const scope: ResolvedScope = doc ? { owner: this.user.id, named: [doc], total: 1, ready: 1 } : this.scope;
        const result = await this.search.searchScope(scope, String(args.query), { limit: 6 });
        return {
          searched: result.searched,
          results: result.nodes.map((n) => ({
            doc_id: n.doc_id, doc_name: n.doc_name, node_id: n.node_id, title: n.title, start_index: n.start_index, end_index: n.end_index, line_num: n.line_num,
            passages: n.passages.map((p) => ({ page: p.page ?? undefined, line: p.line, text: p.text })),
          })),
        };
      }
      case "get_document_structure":
        return this.reader.structure(this.user, doc!.id, { maxDepth: args.max_depth as number | undefined, nodeId: args.node_id as string | undefined, part: args.part as number | undefined });
      case "get_page_content":
        return this.reader.pages(this.user, doc!.id, String(args.pages));
      case "get_node_content":
        return this.reader.nodes(this.user, doc!.id, args.node_ids as string[], args.include_children === true);
    }
  }

  private async inScope(id: string): Promise<DocumentRecord> {
    const doc = await this.search.inScope(this.scope, id);
    if (!doc) throw new ScopeError(`Document ${id} is not in this chat's scope${this.docs.length ? `; documents in it include: ${this.docs.slice(0, 10).map((d) => `${d.id} (${d.name})`).join(", ")}` : ""}; search_documents finds the others`);
    return doc;
  }
}

class ScopeError extends CoreError {}

function cap(text: string): string {
  return text.length <= RESULT_CHARS ? text : `${text.slice(0, RESULT_CHARS)}… [cut: ask for less, e.g. fewer pages or one node at a time]`;
}
