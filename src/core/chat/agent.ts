/**
 * The agent loop with a model: the model reads the documents through the tools, turn by
 * turn, until it answers without calling a tool (or the turn budget runs out, and it must
 * answer with what it has). Text streams as it comes; tool calls become tool blocks.
 */
import { FORMAT_LABELS } from "../../indexing/formats.ts";
import type { LlmMessage, LlmProvider, LlmUsage } from "../../llm/index.ts";
import type { DocumentRecord } from "../../store/index.ts";
import { CITATION_INSTRUCTION } from "./citations.ts";
import type { BlockWriter } from "./events.ts";
import { TOOL_DEFS, type ChatTools } from "./tools.ts";

/** Model turns that may call tools; one more turn answers without tools. */
const MAX_TOOL_TURNS = 6;

export interface AgentInput {
  llm: LlmProvider;
  tools: ChatTools;
  messages: LlmMessage[];
  temperature?: number;
  citations: boolean;
  /** Stream the model's text as it is generated (else each turn's text comes whole). */
  stream: boolean;
  writer: BlockWriter;
  signal: AbortSignal;
}

export async function runAgent(input: AgentInput): Promise<{ usage: LlmUsage; finishReason: string }> {
  const { llm, tools, writer, signal } = input;
  const messages: LlmMessage[] = [{ role: "system", content: systemPrompt(tools.docs, tools.documentsInScope, input.citations) }, ...input.messages];
  const usage: LlmUsage = { promptTokens: 0, completionTokens: 0 };
  for (let turn = 0; turn <= MAX_TOOL_TURNS; turn++) {
    signal.throwIfAborted();
    const lastTurn = turn === MAX_TOOL_TURNS;
    if (lastTurn) messages.push({ role: "user", content: "Answer now with what you have read; do not call tools." });
    const reply = await llm.chat({
      messages,
      tools: lastTurn ? undefined : TOOL_DEFS,
      temperature: input.temperature,
      signal,
      onText: input.stream ? (d) => writer.text(d) : undefined,
    });
    usage.promptTokens += reply.usage.promptTokens;
    usage.completionTokens += reply.usage.completionTokens;
    if (!input.stream) writer.text(reply.content);
    writer.endText();
    if (reply.toolCalls.length === 0 || lastTurn) return { usage, finishReason: reply.finishReason === "length" ? "length" : "stop" };

    messages.push({ role: "assistant", content: reply.content, toolCalls: reply.toolCalls });
    for (const call of reply.toolCalls) {
      signal.throwIfAborted();
      let parsedInput: Record<string, unknown> = {};
      try {
        parsedInput = JSON.parse(call.arguments || "{}");
      } catch {
        parsedInput = { raw: call.arguments.slice(0, 500) };
      }
      const outcome = await writer.tool(call.name, parsedInput, async () => {
        const result = await tools.call(call.name, call.arguments);
        return { value: result, isError: result.isError };
      });
      messages.push({ role: "tool", toolCallId: call.id, content: outcome.content });
    }
  }
  return { usage, finishReason: "stop" };
}

function systemPrompt(docs: DocumentRecord[], inScope: number, citations: boolean): string {
  const more = inScope > docs.length ? `\n(the ${docs.length} newest of ${inScope} documents in scope; search_documents without doc_id searches all of them)` : "";
  const list = docs.length
    ? docs.map((d) => `- doc_id ${d.id}, doc_name "${d.name}", ${d.pageNum > 0 ? `${FORMAT_LABELS[d.format]}, ${d.pageNum} pages` : `${FORMAT_LABELS[d.format]} without pages`}${d.description ? `: ${d.description.slice(0, 300)}` : ""}`).join("\n") + more
    : "(none: no completed documents are in scope; say so if the question needs them)";
  return [
    "You answer questions about the user's documents. Read them with the tools: search_documents finds sections and pages by keywords; get_document_structure shows a table of contents; get_page_content and get_node_content give the text. Search first, then read the pages or sections that matter before answering. Answer only from what you read, concisely; say plainly when the documents do not contain the answer.",
    `Documents in scope:\n${list}`,
    citations ? CITATION_INSTRUCTION : "",
  ].filter(Boolean).join("\n\n");
}
