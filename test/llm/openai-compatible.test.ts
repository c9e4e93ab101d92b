// The openai-compatible provider against a scripted OpenAI-compatible server on loopback:
// real HTTP and the real `openai` client (its retries, timeouts and stream parser).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config.ts";
import { createLlm, LlmError, LlmOutputError, NoLlm, OpenAiCompatibleLlm, LlmUnavailableError } from "../../src/llm/index.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../helpers/fake-openai.ts";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.maxInFlight = 0;
});

function provider(extra: Record<string, string> = {}): OpenAiCompatibleLlm {
  const config = loadConfig({}, { TREEINDEX_MODEL: "test-model", OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "sk-test", TREEINDEX_LLM_TIMEOUT_S: "5", ...extra });
  const llm = createLlm(config.llm);
  expect(llm).toBeInstanceOf(OpenAiCompatibleLlm);
  return llm as OpenAiCompatibleLlm;
}

const answerSchema = z.object({ answer: z.string(), pages: z.array(z.number().int()) });

describe("configuration", () => {
  it("is `none` without TREEINDEX_MODEL and refuses calls with a clear message", async () => {
    const config = loadConfig({}, {});
    expect(config.llm.provider).toBe("none");
    const llm = createLlm(config.llm);
    expect(llm).toBeInstanceOf(NoLlm);
    expect(llm.available).toBe(false);
    await expect(llm.chat({ messages: [] })).rejects.toThrow(LlmUnavailableError);
    await expect(llm.chat({ messages: [] })).rejects.toThrow(/TREEINDEX_MODEL/);
  });

  it("rejects a base URL that is not a URL", () => {
    expect(() => loadConfig({}, { TREEINDEX_MODEL: "m", OPENAI_BASE_URL: "localhost-11434" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => loadConfig({}, { TREEINDEX_LLM_CONCURRENCY: "0" })).toThrow(/TREEINDEX_LLM_CONCURRENCY/);
  });
});

describe("chat", () => {
  it("sends model, messages, temperature and the key; returns text and usage", async () => {
    fake.script({ text: "Hello there." });
    const result = await provider().chat({ messages: [{ role: "user", content: "hi" }], temperature: 0.2 });
    expect(result).toMatchObject({ content: "Hello there.", toolCalls: [], finishReason: "stop", usage: { promptTokens: 11, completionTokens: 7 } });
    expect(fake.requests[0].body).toMatchObject({ model: "test-model", temperature: 0.2, messages: [{ role: "user", content: "hi" }] });
    expect(fake.requests[0].headers.authorization).toBe("Bearer sk-test");
  });

  it("streams text fragments in order", async () => {
    fake.script({ text: "A streamed answer in several pieces." });
    const pieces: string[] = [];
    const result = await provider().chat({ messages: [{ role: "user", content: "hi" }], onText: (d) => pieces.push(d) });
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join("")).toBe("A streamed answer in several pieces.");
    expect(result.content).toBe("A streamed answer in several pieces.");
    expect(result.usage.completionTokens).toBe(7);
    expect(fake.requests[0].body.stream).toBe(true);
  });

  it("returns tool calls, whole and reassembled from stream fragments", async () => {
    const tools = [{ name: "search_document", description: "search", parameters: { type: "object", properties: { query: { type: "string" } } } }];
    fake.script({ toolCalls: [{ name: "search_document", arguments: { query: "linear models" } }] });
    const plain = await provider().chat({ messages: [{ role: "user", content: "q" }], tools });
    expect(plain.finishReason).toBe("tool_calls");
    expect(plain.toolCalls).toEqual([{ id: expect.any(String), name: "search_document", arguments: '{"query":"linear models"}' }]);
    expect(fake.requests[0].body.tools[0]).toMatchObject({ type: "function", function: { name: "search_document" } });

    fake.script({ toolCalls: [{ name: "search_document", arguments: { query: "glm" } }, { name: "get_page_content", arguments: { pages: "3-4" } }] });
    const streamed = await provider().chat({ messages: [{ role: "user", content: "q" }], tools, onText: () => {} });
    expect(streamed.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ["search_document", { query: "glm" }],
      ["get_page_content", { pages: "3-4" }],
    ]);
  });

  it("retries a 429 with backoff and then succeeds", async () => {
    fake.script({ status: 429, error: "rate limited", retryAfterMs: 20 }, { status: 503, retryAfterMs: 20 }, { text: "after retries" });
    const result = await provider().chat({ messages: [{ role: "user", content: "hi" }] });
    expect(result.content).toBe("after retries");
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after the configured retries with a clear error", async () => {
    fake.script({ status: 500, retryAfterMs: 5 }, { status: 500, retryAfterMs: 5 });
    const err = await provider({ TREEINDEX_LLM_RETRIES: "1" }).chat({ messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.message).toMatch(/answered 500/);
    expect(fake.requests).toHaveLength(2);
  });

  it("times out a server that does not answer", async () => {
    fake.script({ text: "too late", delayMs: 3000 });
    const started = Date.now();
    const err = await provider({ TREEINDEX_LLM_TIMEOUT_S: "0.3", TREEINDEX_LLM_RETRIES: "0" }).chat({ messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.message).toMatch(/did not answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("keeps at most TREEINDEX_LLM_CONCURRENCY requests open", async () => {
    const llm = provider({ TREEINDEX_LLM_CONCURRENCY: "2" });
    fake.script(...Array.from({ length: 5 }, (_, i) => ({ text: `r${i}`, delayMs: 80 })));
    const results = await Promise.all(Array.from({ length: 5 }, () => llm.chat({ messages: [{ role: "user", content: "x" }] })));
    expect(results.map((r) => r.content).sort()).toEqual(["r0", "r1", "r2", "r3", "r4"]);
    expect(fake.maxInFlight).toBe(2);
  });
});

describe("structured output", () => {
  it("asks for a JSON schema and validates the answer with zod", async () => {
    fake.script({ text: '{"answer":"lm","pages":[64]}' });
    const { value } = await provider().structured({ name: "answer", schema: answerSchema, messages: [{ role: "user", content: "q" }] });
    expect(value).toEqual({ answer: "lm", pages: [64] });
    const format = fake.requests[0].body.response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.schema.properties.pages.type).toBe("array");
  });

  it("repairs a malformed reply with one more round that shows the error", async () => {
    fake.script({ text: '{"answer": "lm", "pages": [64' }, { text: '```json\n{"answer":"lm","pages":[64]}\n```' });
    const { value, usage } = await provider().structured({ name: "answer", schema: answerSchema, messages: [{ role: "user", content: "q" }] });
    expect(value.pages).toEqual([64]);
    expect(usage.promptTokens).toBe(22);
    const repair = fake.requests[1].body.messages;
    expect(repair.at(-2)).toMatchObject({ role: "assistant", content: '{"answer": "lm", "pages": [64' });
    expect(repair.at(-1).content).toMatch(/could not be used \(invalid JSON/);
  });

  it("repairs a reply that is JSON but breaks the schema, and fails after a second bad reply", async () => {
    fake.script({ text: '{"answer": 5}' }, { text: "I think the answer is lm." });
    const err = await provider().structured({ name: "answer", schema: answerSchema, messages: [{ role: "user", content: "q" }] }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmOutputError);
    expect(err.message).toMatch(/after a repair attempt/);
    expect(fake.requests[1].body.messages.at(-1).content).toMatch(/does not match the schema: answer/);
  });

  it("falls back to the prompt when the server refuses response_format", async () => {
    const llm = provider();
    fake.script({ status: 400, error: "response_format json_schema is not supported" }, { text: '{"answer":"x","pages":[]}' }, { text: '{"answer":"y","pages":[1]}' });
    expect((await llm.structured({ name: "a", schema: answerSchema, messages: [{ role: "user", content: "q" }] })).value.answer).toBe("x");
    expect(fake.requests[1].body.response_format).toBeUndefined();
    expect(fake.requests[1].body.messages[0].content).toMatch(/JSON schema/);
    // Remembered: later calls skip response_format at once.
    expect((await llm.structured({ name: "a", schema: answerSchema, messages: [{ role: "user", content: "q" }] })).value.answer).toBe("y");
    expect(fake.requests).toHaveLength(3);
  });
});
