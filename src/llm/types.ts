/**
 * The optional model, behind one interface. `none` answers `available: false` and every
 * caller has an offline path; `openai-compatible` talks to OpenAI, Ollama, vLLM, LM Studio...
 * Callers never see the client library's types.
 */
import type { z } from "zod";

export type LlmRole = "system" | "user" | "assistant" | "tool";

export interface LlmToolCall {
  id: string;
  name: string;
  /** The raw JSON arguments the model wrote (may be malformed: the caller validates). */
  arguments: string;
}

export interface LlmMessage {
  role: LlmRole;
  content: string;
  /** assistant messages that called tools */
  toolCalls?: LlmToolCall[];
  /** tool messages: which call this answers */
  toolCallId?: string;
}

export interface LlmToolDef {
  name: string;
  description: string;
  /** JSON schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatRequest {
  messages: LlmMessage[];
  tools?: LlmToolDef[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Set to stream: called with each fragment of the answer text as it arrives. */
  onText?: (delta: string) => void;
}

export interface ChatResult {
  content: string;
  toolCalls: LlmToolCall[];
  finishReason: string;
  usage: LlmUsage;
}

export interface StructuredRequest<T> {
  messages: LlmMessage[];
  schema: z.ZodType<T>;
  /** Name of the JSON schema (letters, digits, _ and -). */
  name: string;
  temperature?: number;
  signal?: AbortSignal;
}

export interface LlmProvider {
  /** "none" or "openai-compatible". */
  readonly kind: string;
  readonly model: string | null;
  /** False for `none`: callers take their offline path. */
  readonly available: boolean;
  /** One chat turn, optionally with tools and streaming. */
  chat(request: ChatRequest): Promise<ChatResult>;
  /** A JSON answer validated by `schema`; one repair round when the output is malformed. */
  structured<T>(request: StructuredRequest<T>): Promise<{ value: T; usage: LlmUsage }>;
}

/** No model is configured, or it failed in a way the caller should report. */
export class LlmError extends Error {
  override name = "LlmError";
}

export class LlmUnavailableError extends LlmError {
  override name = "LlmUnavailableError";
  constructor() {
    super("No language model is configured (set TREEINDEX_MODEL, and OPENAI_BASE_URL / OPENAI_API_KEY)");
  }
}

/** The model's output did not match the schema even after the repair round. */
export class LlmOutputError extends LlmError {
  override name = "LlmOutputError";
}

export const NO_USAGE: LlmUsage = { promptTokens: 0, completionTokens: 0 };
