// POST /retrieval and GET /retrieval/{id} through the real HTTP server: lexical without a
// model, reasoning with a scripted OpenAI-compatible server, and every error status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../src/core/ids.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../helpers/fake-openai.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";
import { annualReportPdf, REPORT_FACTS } from "../retrieval/fixtures.ts";

async function upload(server: TestServer, bytes: Uint8Array, name = "report.pdf"): Promise<string> {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  const res = await server.api("/doc", { method: "POST", body: data });
  expect(res.status).toBe(200);
  const id = (await json(res)).doc_id;
  for (let i = 0; i < 600; i++) {
    const body = await json(await server.api(`/doc/${id}?include_text=false`));
    if (body.status !== "processing") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return id;
}

function post(server: TestServer, body: unknown, key?: string | null): Promise<Response> {
  return server.api("/retrieval", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, key });
}

async function finished(server: TestServer, id: string): Promise<any> {
  for (let i = 0; i < 400; i++) {
    const body = await json(await server.api(`/retrieval/${id}`));
    if (body.status !== "processing") return body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("retrieval did not finish");
}

describe("retrieval without a model", () => {
  let server: TestServer;
  let docId: string;
  beforeAll(async () => {
    server = await startTestServer();
    docId = await upload(server, await annualReportPdf());
  }, 60_000);
  afterAll(() => server.close());

  it("creates a task that completes with nodes and passages on their physical pages", async () => {
    const created = await post(server, { doc_id: docId, query: "What were net sales in fiscal 2023?", thinking: true });
    expect(created.status).toBe(200);
    const { retrieval_id } = await json(created);
    expect(retrieval_id).toMatch(/^ret_/);
    const task = await finished(server, retrieval_id);
    expect(task).toMatchObject({ retrieval_id, doc_id: docId, status: "completed", query: "What were net sales in fiscal 2023?", thinking: true, retrieval_method: "lexical" });
    expect(task.note).toMatch(/No language model is configured: thinking was accepted, the search was lexical/);
    const top = task.retrieved_nodes[0];
    expect(top).toMatchObject({ title: "1 Business", node_id: expect.stringMatching(/^\d{4}$/) });
    expect(top.relevant_contents[0]).toMatchObject({ page_index: REPORT_FACTS.revenuePage, physical_index: REPORT_FACTS.revenuePage });
    expect(top.relevant_contents[0].relevant_content).toContain("$4,213 million");
    // The ranked pages beside the nodes: best first, with a snippet; the nodes' passages meet them in that order.
    expect(task.pages[0]).toMatchObject({ page: REPORT_FACTS.revenuePage, snippet: expect.stringContaining("$4,213 million") });
    expect(task.pages[0].score).toBeGreaterThan(0);
    const reading = [...new Set(task.retrieved_nodes.flatMap((n: { relevant_contents: { page_index: number }[] }) => n.relevant_contents.map((c) => c.page_index)))];
    expect(reading).toEqual(task.pages.slice(0, reading.length).map((p: { page: number }) => p.page));
  });

  it("returns Markdown passages with their line and no page", async () => {
    const md = "# Setup\n\nInstall the package.\n\n## Proxy settings\n\nSet HTTPS_PROXY before running the installer behind a corporate proxy.\n";
    const mdId = await upload(server, new TextEncoder().encode(md), "guide.md");
    const { retrieval_id } = await json(await post(server, { doc_id: mdId, query: "corporate proxy HTTPS_PROXY" }));
    const task = await finished(server, retrieval_id);
    expect(task.retrieved_nodes[0]).toMatchObject({ title: "Proxy settings" });
    expect(task.retrieved_nodes[0].relevant_contents[0]).toMatchObject({ page_index: null, physical_index: null, line_num: 5 });
  });

  it("accepts a trailing slash and thinking null", async () => {
    const res = await server.api("/retrieval/", { method: "POST", body: JSON.stringify({ doc_id: docId, query: "ransomware", thinking: null }), headers: { "content-type": "application/json" } });
    const task = await finished(server, (await json(res)).retrieval_id);
    expect(task.retrieved_nodes[0].relevant_contents[0].page_index).toBe(REPORT_FACTS.riskCyberPage);
    expect(task.thinking).toBe(false);
  });

  it("answers 409 while the document is not retrieval_ready, and for a failed one", async () => {
    const user = (await server.services.users.authenticate(server.key))!;
    await server.services.store.write((tx) =>
      tx.documents.insert({ id: "doc_processing_x", owner: user.id, name: "p.pdf", description: "", status: "processing", createdAt: nowIso(), pageNum: 0, metadata: {}, folderId: null, format: "pdf", options: {} }),
    );
    const busy = await post(server, { doc_id: "doc_processing_x", query: "anything" });
    expect(busy.status).toBe(409);
    expect((await json(busy)).detail).toMatch(/not retrieval_ready yet \(status processing\)/);
    const broken = await upload(server, new TextEncoder().encode("%PDF-1.4\nnot really a pdf"), "broken.pdf");
    const failed = await post(server, { doc_id: broken, query: "anything" });
    expect(failed.status).toBe(409);
    expect((await json(failed)).detail).toMatch(/failed to index/);
  });

  it("answers 404 for unknown documents and tasks, and for another user's", async () => {
    expect((await post(server, { doc_id: "doc_nope", query: "x" })).status).toBe(404);
    expect((await server.api("/retrieval/ret_nope")).status).toBe(404);
    const { key: bob } = await server.services.users.createKey("bob");
    expect((await post(server, { doc_id: docId, query: "sales" }, bob)).status).toBe(404);
    const mine = (await json(await post(server, { doc_id: docId, query: "sales" }))).retrieval_id;
    const theirs = await server.api(`/retrieval/${mine}`, { key: bob });
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).detail).toMatch(/not found/);
  });

  it("validates the body (422 with loc) and needs a key (401)", async () => {
    const missing = await json(await post(server, { doc_id: docId }));
    expect(missing.detail[0]).toMatchObject({ loc: ["body", "query"], type: "missing" });
    const empty = await json(await post(server, { doc_id: docId, query: "   " }));
    expect(empty.detail[0].loc).toEqual(["body", "query"]);
    const thinking = await json(await post(server, { doc_id: docId, query: "x", thinking: "very" }));
    expect(thinking.detail[0].loc).toEqual(["body", "thinking"]);
    const notJson = await server.api("/retrieval", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(422);
    expect((await post(server, { doc_id: docId, query: "x" }, null)).status).toBe(401);
  });

  it("acts as a teamspace named in the body (members only)", async () => {
    const alice = (await server.services.users.authenticate(server.key))!;
    const team = await server.services.teamspaces.create(alice, "Research");
    const notMember = await post(server, { doc_id: docId, query: "sales", teamspace_id: "team_nope" });
    expect(notMember.status).toBe(403);
    // The document is alice's own, not the team's: as the team it is unknown.
    const asTeam = await post(server, { doc_id: docId, query: "sales", teamspace_id: team.id });
    expect(asTeam.status).toBe(404);
  });
});

describe("retrieval with a model (scripted OpenAI-compatible server)", () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let docId: string;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({ TREEINDEX_MODEL: "scripted", OPENAI_BASE_URL: fake.url, TREEINDEX_LLM_RETRIES: "0" });
    docId = await upload(server, await annualReportPdf());
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("plans with thinking, shows the model the outline (not the text), and returns its choice with reasons", async () => {
    fake.requests.length = 0;
    const { tree } = await server.services.documents.tree((await server.services.users.authenticate(server.key))!, docId);
    const cyber = tree.flatMap((n) => [n, ...n.nodes]).find((n) => n.title === "2.2 Cybersecurity risks")!;
    fake.script(
      { text: JSON.stringify({ plan: "Look in the risk factors for IT threats", information_needed: ["cyber risks"] }) },
      { text: JSON.stringify({ nodes: [{ node_id: cyber.node_id, reason: "It lists threats to information systems" }, { node_id: "9999", reason: "invented" }] }) },
    );
    const { retrieval_id } = await json(await post(server, { doc_id: docId, query: "Which threats to IT systems are named?", thinking: true }));
    const task = await finished(server, retrieval_id);
    expect(task).toMatchObject({ status: "completed", retrieval_method: "reasoning" });
    expect(task.retrieved_nodes).toHaveLength(1);
    expect(task.retrieved_nodes[0]).toMatchObject({ node_id: cyber.node_id, title: "2.2 Cybersecurity risks", reason: "It lists threats to information systems" });
    expect(task.retrieved_nodes[0].relevant_contents[0]).toMatchObject({ page_index: REPORT_FACTS.riskCyberPage, physical_index: REPORT_FACTS.riskCyberPage });

    expect(fake.requests).toHaveLength(2);
    const prompt = fake.requests[1].body.messages.map((m: any) => m.content).join("\n");
    expect(prompt).toContain("Look in the risk factors for IT threats");
    expect(prompt).toContain(`${cyber.node_id} 2.2 Cybersecurity risks (pages 5-5)`);
    expect(prompt).toMatch(/Keyword search ranks these sections highest/);
    const business = tree.find((n) => n.title === "1 Business")!;
    expect(business.text.length).toBeGreaterThan(300);
    expect(prompt).not.toContain(business.text);
    expect(fake.requests[1].body.response_format.type).toBe("json_schema");
  });

  it("falls back to the lexical matches, with a note, when the model's answers stay malformed", async () => {
    fake.script({ text: "I would look at the business section." }, { text: '{"nodes": "1 Business"}' });
    const { retrieval_id } = await json(await post(server, { doc_id: docId, query: "net sales fiscal 2023" }));
    const task = await finished(server, retrieval_id);
    expect(task).toMatchObject({ status: "completed", retrieval_method: "lexical" });
    expect(task.note).toMatch(/did not match the expected format after a repair attempt.*these are the lexical matches/);
    expect(task.retrieved_nodes[0].relevant_contents[0].page_index).toBe(REPORT_FACTS.revenuePage);
  });

  it("ends failed with the model's error when the model server fails", async () => {
    fake.script({ status: 500, error: "model crashed" });
    const { retrieval_id } = await json(await post(server, { doc_id: docId, query: "net sales" }));
    const task = await finished(server, retrieval_id);
    expect(task.status).toBe("failed");
    expect(task.error).toMatch(/Retrieval failed: The model server answered 500/);
  });
});
