// POST /chat/completions through the real HTTP server: extractive answers without a model
// (JSON and SSE), the agent loop with a scripted OpenAI-compatible server (tool calls,
// streaming, block_metadata), validation, scope errors and client disconnects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_MODEL_SENTENCE } from "../../src/core/chat/extractive.ts";
import { nowIso } from "../../src/core/ids.ts";
import { makePdf } from "../helpers/pdf.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../helpers/fake-openai.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";
import { annualReportPdf, REPORT_FACTS } from "../retrieval/fixtures.ts";

async function upload(server: TestServer, bytes: Uint8Array, name: string, folderId?: string): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  if (folderId) data.set("folder_id", folderId);
  const id = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
  for (let i = 0; i < 600; i++) {
    if ((await json(await server.api(`/doc/${id}?include_text=false`))).status !== "processing") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return id;
}

function chat(server: TestServer, body: unknown, init: RequestInit = {}): Promise<Response> {
  return server.api("/chat/completions", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, ...init });
}

/** Reads an SSE body into its data payloads (JSON chunks, and the final "[DONE]"). */
async function sse(res: Response): Promise<any[]> {
  expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
  const text = await res.text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => l.slice(6))
    .map((d) => (d === "[DONE]" ? d : JSON.parse(d)));
}

function contentOf(events: any[]): string {
  return events.filter((e) => e !== "[DONE]").map((e) => e.choices[0]?.delta?.content ?? "").join("");
}

function blocks(events: any[]): any[] {
  return events.filter((e) => e !== "[DONE]" && e.block_metadata).map((e) => e.block_metadata);
}

const QUESTION = [{ role: "user", content: "What were net sales in fiscal 2023?" }];

describe("chat without a model", () => {
  let server: TestServer;
  let reportId: string;
  let otherId: string;
  let folderId: string;
  beforeAll(async () => {
    server = await startTestServer();
    folderId = (await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "Manuals" }), headers: { "content-type": "application/json" } }))).id;
    reportId = await upload(server, await annualReportPdf(), "report.pdf");
    otherId = await upload(server, await makePdf([{ lines: ["# Pump manual", "The pump delivers 40 litres per minute at full speed.", "Clean the intake filter every month."] }]), "pump.pdf", folderId);
  }, 60_000);
  afterAll(() => server.close());

  it("answers extractively with citations, saying no model is configured (JSON)", async () => {
    const res = await chat(server, { messages: QUESTION, doc_id: reportId, enable_citations: true });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ id: expect.stringMatching(/^chatcmpl-/), object: "chat.completion", model: "treeindex-extractive" });
    expect(body.choices[0]).toMatchObject({ index: 0, message: { role: "assistant" }, finish_reason: "stop" });
    const content: string = body.choices[0].message.content;
    expect(content.startsWith(NO_MODEL_SENTENCE)).toBe(true);
    expect(content).toContain("$4,213 million");
    expect(content).toContain(`<doc=report.pdf;page=${REPORT_FACTS.revenuePage}>`);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    expect(body.usage.completion_tokens).toBeGreaterThan(10);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it("streams the same answer as SSE text blocks ending with [DONE]", async () => {
    const plain = (await json(await chat(server, { messages: QUESTION, doc_id: reportId, enable_citations: true }))).choices[0].message.content;
    const events = await sse(await chat(server, { messages: QUESTION, doc_id: reportId, enable_citations: true, stream: true }));
    expect(events.at(-1)).toBe("[DONE]");
    expect(events.filter((e) => e !== "[DONE]").every((e) => e.object === "chat.completion.chunk" && typeof e.choices[0].delta === "object")).toBe(true);
    expect(contentOf(events)).toBe(plain);
    expect(events.filter((e) => e !== "[DONE]" && e.choices[0].delta.content).length).toBeGreaterThan(2);
    expect(blocks(events)).toEqual([{ type: "text_block_start", block_index: 0 }, { type: "text_stop", block_index: 0 }]);
    const last = events.at(-2);
    expect(last.choices[0].finish_reason).toBe("stop");
    expect(last.usage.total_tokens).toBeGreaterThan(0);
  });

  it("leaves citations out unless asked, and names the source instead", async () => {
    const content = (await json(await chat(server, { messages: QUESTION, doc_id: reportId }))).choices[0].message.content;
    expect(content).not.toContain("<doc=");
    expect(content).toContain(`(report.pdf, page ${REPORT_FACTS.revenuePage})`);
  });

  it("scopes by a list of documents, by folder, or to all documents", async () => {
    const pump = [{ role: "user", content: "How often should the intake filter be cleaned?" }];
    const both = (await json(await chat(server, { messages: pump, doc_id: [reportId, otherId], enable_citations: true }))).choices[0].message.content;
    expect(both).toContain("<doc=pump.pdf;page=1>");
    const folder = (await json(await chat(server, { messages: QUESTION, folder_id: folderId, enable_citations: true }))).choices[0].message.content;
    expect(folder).not.toContain("report.pdf");
    const all = (await json(await chat(server, { messages: pump, enable_citations: true }))).choices[0].message.content;
    expect(all).toContain("<doc=pump.pdf;page=1>");
    const none = (await json(await chat(server, { messages: [{ role: "user", content: "zebra quaternion" }], doc_id: reportId }))).choices[0].message.content;
    expect(none).toMatch(/No passage in the 1 document\(s\) in scope matches/);
    const empty = (await json(await server.api("/folder", { method: "POST", body: JSON.stringify({ name: "Empty" }), headers: { "content-type": "application/json" } }))).id;
    const nothing = (await json(await chat(server, { messages: QUESTION, folder_id: empty, stream: false }))).choices[0].message.content;
    expect(nothing).toMatch(/There are no completed documents in scope/);
  });

  it("cites Markdown documents by line", async () => {
    const md = "# Setup\n\nInstall the package.\n\n## Proxy settings\n\nSet HTTPS_PROXY before running the installer behind a corporate proxy.\n";
    const mdId = await upload(server, new TextEncoder().encode(md), "guide.md");
    const content = (await json(await chat(server, { messages: [{ role: "user", content: "How do I install behind a corporate proxy?" }], doc_id: mdId, enable_citations: true }))).choices[0].message.content;
    expect(content).toContain("<doc=guide.md;line=5>");
  });

  it("validates the body: temperature 0..1, messages, roles, doc_id shape", async () => {
    const hot = await chat(server, { messages: QUESTION, temperature: 1.5 });
    expect(hot.status).toBe(422);
    expect((await json(hot)).detail[0]).toMatchObject({ loc: ["body", "temperature"], type: "less_than_equal" });
    expect((await chat(server, { messages: QUESTION, temperature: -0.1 })).status).toBe(422);
    expect((await chat(server, { messages: QUESTION, temperature: 0 })).status).toBe(200);
    expect((await json(await chat(server, { messages: [] }))).detail[0].loc).toEqual(["body", "messages"]);
    expect((await json(await chat(server, {}))).detail[0]).toMatchObject({ loc: ["body", "messages"], type: "missing" });
    expect((await json(await chat(server, { messages: [{ role: "robot", content: "hi" }] }))).detail[0].loc).toEqual(["body", "messages", 0, "role"]);
    const noUser = await chat(server, { messages: [{ role: "system", content: "be brief" }] });
    expect(noUser.status).toBe(422);
    expect((await json(noUser)).detail[0].msg).toMatch(/user message/);
    expect((await json(await chat(server, { messages: QUESTION, doc_id: 5 }))).detail[0].loc).toEqual(["body", "doc_id"]);
    expect((await chat(server, { messages: QUESTION, enable_citations: "yes" })).status).toBe(422);
  });

  it("answers 404 for unknown documents and folders, 409 for a document still processing", async () => {
    expect((await chat(server, { messages: QUESTION, doc_id: "doc_nope" })).status).toBe(404);
    expect((await chat(server, { messages: QUESTION, doc_id: [reportId, "doc_nope"] })).status).toBe(404);
    expect((await chat(server, { messages: QUESTION, folder_id: "fld_nope" })).status).toBe(404);
    const user = (await server.services.users.authenticate(server.key))!;
    await server.services.store.write((tx) =>
      tx.documents.insert({ id: "doc_busy_chat", owner: user.id, name: "b.pdf", description: "", status: "queued", createdAt: nowIso(), pageNum: 0, metadata: {}, folderId: null, format: "pdf", options: {} }),
    );
    const busy = await chat(server, { messages: QUESTION, doc_id: "doc_busy_chat", stream: true });
    expect(busy.status).toBe(409);
    expect((await json(busy)).detail).toMatch(/not retrieval_ready/);
    expect((await chat(server, { messages: QUESTION }, { headers: { "content-type": "application/json" }, key: null } as any)).status).toBe(401);
  });
});

describe("chat with a model (scripted OpenAI-compatible server)", () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let reportId: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({ TREEINDEX_MODEL: "scripted-model", OPENAI_BASE_URL: fake.url, TREEINDEX_LLM_RETRIES: "0" });
    reportId = await upload(server, await annualReportPdf(), "report.pdf");
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("runs the agent over the document tools and streams tool blocks and the answer", async () => {
    fake.requests.length = 0;
    const answer = `Net sales were $4,213 million <doc=report.pdf;page=${REPORT_FACTS.revenuePage}>.`;
    fake.script(
      { toolCalls: [{ name: "search_documents", arguments: { query: "net sales fiscal 2023" } }] },
      { text: "Let me read that page.", toolCalls: [{ name: "get_page_content", arguments: { doc_id: reportId, pages: String(REPORT_FACTS.revenuePage) } }] },
      { text: answer },
    );
    const events = await sse(await chat(server, { messages: QUESTION, doc_id: reportId, stream: true, enable_citations: true, temperature: 0.3 }));
    expect(events.at(-1)).toBe("[DONE]");
    expect(contentOf(events)).toBe(`Let me read that page.${answer}`);
    expect(blocks(events).map((b) => [b.type, b.block_index, b.tool_name ?? null])).toEqual([
      ["mcp_tool_use_start", 0, "search_documents"], ["mcp_tool_use_stop", 0, "search_documents"],
      ["mcp_tool_result_start", 1, "search_documents"], ["mcp_tool_result_stop", 1, "search_documents"],
      ["text_block_start", 2, null], ["text_stop", 2, null],
      ["mcp_tool_use_start", 3, "get_page_content"], ["mcp_tool_use_stop", 3, "get_page_content"],
      ["mcp_tool_result_start", 4, "get_page_content"], ["mcp_tool_result_stop", 4, "get_page_content"],
      ["text_block_start", 5, null], ["text_stop", 5, null],
    ]);
    expect(blocks(events).filter((b) => b.tool_name).every((b) => b.server_name === "treeindex")).toBe(true);
    expect(blocks(events)[0].tool_input).toEqual({ query: "net sales fiscal 2023" });
    expect(events.at(-2).usage).toEqual({ prompt_tokens: 33, completion_tokens: 21, total_tokens: 54 });

    // What the model saw: the tools, the scope, citation rules, and real tool results.
    expect(fake.requests).toHaveLength(3);
    const first = fake.requests[0].body;
    expect(first).toMatchObject({ model: "scripted-model", stream: true, temperature: 0.3 });
    expect(first.tools.map((t: any) => t.function.name).sort()).toEqual(["get_document_structure", "get_node_content", "get_page_content", "search_documents"]);
    expect(first.messages[0].content).toContain(`doc_id ${reportId}, doc_name "report.pdf"`);
    expect(first.messages[0].content).toContain("<doc=FILE_NAME;page=N>");
    const searchResult = fake.requests[1].body.messages.at(-1);
    expect(searchResult.role).toBe("tool");
    expect(searchResult.content).toContain("$4,213 million");
    const pageResult = JSON.parse(fake.requests[2].body.messages.at(-1).content);
    expect(pageResult.pages[0]).toMatchObject({ page: REPORT_FACTS.revenuePage });
    expect(pageResult.pages[0].text).toContain("Net sales were $4,213 million");
  });

  it("answers as JSON with the model's usage; bad tool calls become error results the model sees", async () => {
    fake.requests.length = 0;
    fake.script(
      { toolCalls: [{ name: "get_page_content", arguments: { doc_id: "doc_elsewhere", pages: "1" } }, { name: "get_node_content", arguments: "{not json" }] },
      { text: "I could not read those; the report says sales grew." },
    );
    const body = await json(await chat(server, { messages: QUESTION, doc_id: reportId }));
    expect(body.model).toBe("scripted-model");
    expect(body.choices[0].message.content).toBe("I could not read those; the report says sales grew.");
    expect(body.usage).toEqual({ prompt_tokens: 22, completion_tokens: 14, total_tokens: 36 });
    const toolMessages = fake.requests[1].body.messages.filter((m: any) => m.role === "tool");
    expect(JSON.parse(toolMessages[0].content).error).toMatch(/not in this chat's scope/);
    expect(JSON.parse(toolMessages[1].content).error).toMatch(/not valid JSON/);
    expect(fake.requests[0].body.stream).toBeUndefined();
  });

  it("puts a model failure into the stream and still ends with [DONE]", async () => {
    fake.script({ status: 500, error: "model crashed" });
    const events = await sse(await chat(server, { messages: QUESTION, stream: true }));
    expect(contentOf(events)).toMatch(/\[error\] The model server answered 500/);
    expect(events.at(-2).choices[0].finish_reason).toBe("error");
    expect(events.at(-1)).toBe("[DONE]");
  });

  it("stops the work when the client disconnects mid-stream", async () => {
    fake.requests.length = 0;
    const abortedBefore = fake.aborted;
    fake.script({ text: "a slow answer that never arrives", delayMs: 5000 }, { text: "must not be requested" });
    const controller = new AbortController();
    const res = await chat(server, { messages: QUESTION, stream: true }, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read(); // the first chunk: the stream is open and the model request is out
    for (let i = 0; i < 100 && fake.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.requests).toHaveLength(1);
    controller.abort();
    for (let i = 0; i < 100 && fake.aborted === abortedBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.aborted).toBe(abortedBefore + 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.requests).toHaveLength(1);
    fake.clearScript();
  });

  it("also stops a non-streaming answer when the client goes away", async () => {
    const abortedBefore = fake.aborted;
    const requestsBefore = fake.requests.length;
    fake.script({ text: "too slow", delayMs: 5000 });
    const controller = new AbortController();
    const pending = chat(server, { messages: QUESTION }, { signal: controller.signal }).catch((e) => e);
    for (let i = 0; i < 100 && fake.requests.length === requestsBefore; i++) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    for (let i = 0; i < 100 && fake.aborted === abortedBefore; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.aborted).toBe(abortedBefore + 1);
  });
});
