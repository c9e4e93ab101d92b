/**
 * Chat completions over the user's documents. `prepare` checks the request and resolves the
 * scope (so 404/409/422 are answered before a stream opens); `run` produces the answer:
 * the agent loop when a model is configured, else an extractive answer. Both emit the same
 * events, so streaming and non-streaming answers are the same text.
 */
import type { DocumentFormat } from "../../indexing/formats.ts";
import { randomBytes } from "node:crypto";
import type { LlmProvider, LlmUsage } from "../../llm/index.ts";
import type { UserRecord } from "../../store/index.ts";
import type { DocumentReader } from "../documents/reading.ts";
import { InvalidInputError } from "../errors.ts";
import type { ResolvedScope, SearchService } from "../retrieval/search-service.ts";
import { runAgent } from "./agent.ts";
import { BlockWriter, type ChatEmitter } from "./events.ts";
import { extractiveAnswer } from "./extractive.ts";
import type { ChatBody } from "./schemas.ts";
import { ChatTools } from "./tools.ts";

/** The model name reported when no model is configured. */
export const EXTRACTIVE_MODEL = "treeindex-extractive";

export interface ChatRun {
  id: string;
  created: number;
  model: string;
  /** Emits the answer; resolves with token usage. Stops early when `signal` aborts. */
  run(emitter: ChatEmitter, signal: AbortSignal): Promise<{ usage: LlmUsage; finishReason: string }>;
}

export class ChatService {
  constructor(
    private readonly search: SearchService,
    private readonly reader: DocumentReader,
    private readonly llm: LlmProvider,
  ) {}

  async prepare(user: UserRecord, body: ChatBody): Promise<ChatRun> {
    const question = [...body.messages].reverse().find((m) => m.role === "user");
    if (!question || !question.content.trim()) {
      throw new InvalidInputError("messages must contain a user message with content", ["body", "messages"]);
    }
    // doc_id, when given, decides the scope; folder_id applies only without it.
    const docIds = body.doc_id === null || body.doc_id === undefined ? undefined : Array.isArray(body.doc_id) ? body.doc_id : [body.doc_id];
    const scope = await this.search.resolve(user, { docIds, folderId: body.folder_id ?? undefined });
    return {
      id: `chatcmpl-${randomBytes(12).toString("hex")}`,
      created: Math.floor(Date.now() / 1000),
      model: this.llm.model ?? EXTRACTIVE_MODEL,
      run: async (emitter, signal) => {
        const writer = new BlockWriter(emitter);
        if (!this.llm.available) return this.extractive(scope, body, question.content, writer);
        return runAgent({
          llm: this.llm,
          tools: await ChatTools.create(user, scope, this.reader, this.search),
          messages: body.messages.map((m) => ({ role: m.role, content: m.content })),
          temperature: body.temperature ?? undefined,
          citations: body.enable_citations,
          stream: body.stream,
          writer,
          signal,
        });
      },
    };
  }

  private async extractive(scope: ResolvedScope, body: ChatBody, question: string, writer: BlockWriter): Promise<{ usage: LlmUsage; finishReason: string }> {
    const result = await this.search.searchScope(scope, question, { limit: 6 });
    // Each cited document's format decides how a page-less passage is cited (citations.ts).
    const formats = new Map<string, DocumentFormat | undefined>();
    for (const id of new Set(result.nodes.map((n) => n.doc_id))) formats.set(id, (await this.search.inScope(scope, id))?.format);
    const answer = extractiveAnswer(result, { citations: body.enable_citations, documentsInScope: scope.ready, formatOf: (id) => formats.get(id) });
    // Streamed line by line, so clients see the same incremental shape as with a model.
    for (const piece of answer.match(/[^\n]*\n*/g) ?? []) writer.text(piece);
    writer.endText();
    // The tokenizer's tables cost ~65 MB: loaded on the first model-less chat, not at start.
    const { countTokens } = await import("../../indexing/tokens.ts");
    const prompt = body.messages.reduce((n, m) => n + countTokens(m.content), 0);
    return { usage: { promptTokens: prompt, completionTokens: countTokens(answer) }, finishReason: "stop" };
  }
}
