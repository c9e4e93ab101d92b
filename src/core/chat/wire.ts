/**
 * The OpenAI-compatible wire shapes of a chat run: the whole answer (`chat.completion`) and
 * its streamed pieces (`chat.completion.chunk`). Built here so the HTTP route only transports.
 */
import type { LlmUsage } from "../../llm/index.ts";
import type { ChatChunk, ChatResponse } from "./schemas.ts";
import type { ChatRun } from "./service.ts";

export function usageFields(usage: LlmUsage): ChatResponse["usage"] {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens };
}

export function completionResponse(run: ChatRun, content: string, usage: LlmUsage, finishReason: string): ChatResponse {
  return {
    id: run.id, object: "chat.completion", created: run.created, model: run.model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    usage: usageFields(usage),
  };
}

export function completionChunk(run: ChatRun, delta: ChatChunk["choices"][0]["delta"], finish: string | null = null, extra: Partial<ChatChunk> = {}): ChatChunk {
  return { id: run.id, object: "chat.completion.chunk", created: run.created, model: run.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra };
}
