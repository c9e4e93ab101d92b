/**
 * An OpenAI-compatible chat server through the official `openai` client (OpenAI, Ollama,
 * vLLM, LM Studio...). The client brings timeouts and retries with exponential backoff on
 * 408/409/429/5xx (honouring Retry-After); this class adds bounded concurrency, streaming
 * with tool calls, and structured output with a zod-validated repair round.
 */
import type OpenAI from "openai";
import type { ClientOptions } from "openai";
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { LlmConfig } from "../config.ts";
import { Semaphore } from "./semaphore.ts";
import { jsonSchemaOf, parseStructured, repairMessage, schemaInstruction } from "./structured.ts";
import { LlmError, LlmOutputError, type ChatRequest, type ChatResult, type LlmMessage, type LlmProvider, type LlmToolCall, type LlmUsage, type StructuredRequest } from "./types.ts";

/**
 * The `openai` package (about 360 modules, ~12 MB of a server's memory) is loaded on the first
 * request, not at start: a server without a model never needs it.
 */
let openAiPackage: Promise<typeof import("openai")> | undefined;
const loadOpenAi = () => (openAiPackage ??= import("openai"));

export class OpenAiCompatibleLlm implements LlmProvider {
  readonly kind = "openai-compatible";
  readonly available = true;
  readonly model: string;
  private readonly clientOptions: ClientOptions;
  private client?: OpenAI;
  /** The client class, for telling its errors apart once it is loaded. */
  private Client?: typeof OpenAI;
  private readonly gate: Semaphore;
  private readonly timeoutMs: number;
  /** Cleared when the server refuses `response_format: json_schema` (older local servers). */
  private jsonSchemaSupported = true;

  constructor(config: LlmConfig) {
    if (!config.model) throw new LlmError("TREEINDEX_MODEL is required for the openai-compatible provider");
    this.model = config.model;
    this.clientOptions = {
      // Local servers (Ollama, LM Studio) need no key, but the client insists on one.
      apiKey: config.apiKey || "not-needed",
      baseURL: config.baseUrl,
      timeout: config.timeoutMs,
      maxRetries: config.maxRetries,
    };
    this.gate = new Semaphore(config.concurrency);
    this.timeoutMs = config.timeoutMs;
  }

  chat(request: ChatRequest): Promise<ChatResult> {
    return this.gate.run(() => (request.onText ? this.streamChat(request) : this.plainChat(request))).catch((error) => {
      throw this.explain(error);
    });
  }

  private async api(): Promise<OpenAI> {
    if (!this.client) {
      const { default: Client } = await loadOpenAi();
      this.Client = Client;
      this.client = new Client(this.clientOptions);
    }
    return this.client;
  }

  /** Client errors -> LlmError with a message for the user; an abort stays an abort. */
  private explain(error: unknown): unknown {
    const OpenAI = this.Client;
    if (error instanceof LlmError || !OpenAI || error instanceof OpenAI.APIUserAbortError) return error;
    if (error instanceof OpenAI.APIConnectionTimeoutError) return new LlmError(`The model server did not answer within ${this.timeoutMs / 1000} s (TREEINDEX_LLM_TIMEOUT_S)`);
    if (error instanceof OpenAI.APIConnectionError) return new LlmError(`The model server cannot be reached: ${error.message}`);
    if (error instanceof OpenAI.APIError) return new LlmError(`The model server answered ${error.status ?? "with an error"}: ${error.message}`);
    return error;
  }

  private async plainChat(request: ChatRequest): Promise<ChatResult> {
    const completion = await (await this.api()).chat.completions.create(this.params(request), { signal: request.signal });
    const choice = completion.choices[0];
    return {
      content: choice?.message.content ?? "",
      toolCalls: (choice?.message.tool_calls ?? []).flatMap((c) => (c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [])),
      finishReason: choice?.finish_reason ?? "stop",
      usage: usageOf(completion.usage),
    };
  }

  private async streamChat(request: ChatRequest): Promise<ChatResult> {
    const stream = await (await this.api()).chat.completions.create(
      { ...this.params(request), stream: true, stream_options: { include_usage: true } },
      { signal: request.signal },
    );
    let content = "";
    let finishReason = "stop";
    let usage: LlmUsage = { promptTokens: 0, completionTokens: 0 };
    // Tool calls arrive in fragments keyed by index: id and name first, arguments in pieces.
    const calls = new Map<number, LlmToolCall>();
    for await (const chunk of stream) {
      if (chunk.usage) usage = usageOf(chunk.usage);
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta?.content) {
        content += delta.content;
        request.onText!(delta.content);
      }
      for (const part of delta?.tool_calls ?? []) {
        const call = calls.get(part.index) ?? { id: "", name: "", arguments: "" };
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        calls.set(part.index, call);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    const toolCalls = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([i, c]) => ({ ...c, id: c.id || `call_${i}` }));
    return { content, toolCalls, finishReason, usage };
  }

  private params(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const params: ChatCompletionCreateParamsNonStreaming = { model: this.model, messages: request.messages.map(toOpenAiMessage) };
    if (request.temperature !== undefined) params.temperature = request.temperature;
    if (request.maxTokens !== undefined) params.max_tokens = request.maxTokens;
    if (request.tools?.length) {
      params.tools = request.tools.map((t): ChatCompletionTool => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }));
    }
    return params;
  }

  async structured<T>(request: StructuredRequest<T>): Promise<{ value: T; usage: LlmUsage }> {
    try {
      return await this.structuredWithRepair(request);
    } catch (error) {
      throw this.explain(error);
    }
  }

  private async structuredWithRepair<T>(request: StructuredRequest<T>): Promise<{ value: T; usage: LlmUsage }> {
    const schema = jsonSchemaOf(request.schema);
    const messages: LlmMessage[] = [{ role: "system", content: schemaInstruction(schema) }, ...request.messages];
    const usage: LlmUsage = { promptTokens: 0, completionTokens: 0 };
    let lastError = "";
    // The first answer, then one repair round that shows the model its own output and the error.
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await this.gate.run(() => this.structuredTurn(messages, schema, request));
      usage.promptTokens += reply.usage.promptTokens;
      usage.completionTokens += reply.usage.completionTokens;
      const parsed = parseStructured(reply.content, request.schema);
      if (parsed.ok) return { value: parsed.value, usage };
      lastError = parsed.error;
      messages.push({ role: "assistant", content: reply.content }, { role: "user", content: repairMessage(parsed.error, schema) });
    }
    throw new LlmOutputError(`The model's answer did not match the expected format after a repair attempt: ${lastError}`);
  }

  private async structuredTurn(messages: LlmMessage[], schema: Record<string, unknown>, request: StructuredRequest<unknown>): Promise<ChatResult> {
    const params = this.params({ messages, temperature: request.temperature ?? 0 });
    if (this.jsonSchemaSupported) {
      try {
        const completion = await (await this.api()).chat.completions.create(
          { ...params, response_format: { type: "json_schema", json_schema: { name: request.name, schema, strict: false } } },
          { signal: request.signal },
        );
        return { content: completion.choices[0]?.message.content ?? "", toolCalls: [], finishReason: completion.choices[0]?.finish_reason ?? "stop", usage: usageOf(completion.usage) };
      } catch (error) {
        // A 400 naming response_format means the server lacks structured outputs: fall back
        // to the instruction in the prompt for this and later calls.
        if (!(this.Client && error instanceof this.Client.BadRequestError && /response_format|json_schema/i.test(error.message))) throw error;
        this.jsonSchemaSupported = false;
      }
    }
    return this.plainChat({ messages, temperature: params.temperature ?? undefined, signal: request.signal });
  }
}

function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): LlmUsage {
  return { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
}

function toOpenAiMessage(m: LlmMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case "tool":
      return { role: "tool", content: m.content, tool_call_id: m.toolCallId ?? "" };
    case "assistant":
      return m.toolCalls?.length
        ? { role: "assistant", content: m.content || null, tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } })) }
        : { role: "assistant", content: m.content };
    default:
      return { role: m.role, content: m.content };
  }
}
