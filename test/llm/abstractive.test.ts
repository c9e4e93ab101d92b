// Abstractive summaries with a model (scripted OpenAI-compatible server): bottom-up, parents
// from their children's summaries, a model-written description; extractive ones kept when
// the model fails. Also through the real HTTP server: an uploaded PDF gets them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { makeAbstractive } from "../../src/indexing/summary/abstractive.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import type { IndexedDocument } from "../../src/indexing/tree-types.ts";
import { createLlm } from "../../src/llm/index.ts";
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from "../helpers/fake-openai.ts";
import { json, startTestServer } from "../helpers/server.ts";
import { annualReportPdf } from "../retrieval/fixtures.ts";

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  // The model "summarises" by naming the title it was given.
  fake.fallback = (req: RecordedRequest) => {
    const user = req.body.messages.at(-1).content as string;
    const title = /^Title: (.*)$/m.exec(user)?.[1] ?? "?";
    return { text: title === "Document" ? "A model-written description of the report." : `Model summary of ${title}.` };
  };
});
afterAll(() => fake.close());

const llm = () => createLlm(loadConfig({}, { TREEINDEX_MODEL: "m", OPENAI_BASE_URL: fake.url, TREEINDEX_LLM_RETRIES: "0", TREEINDEX_LLM_CONCURRENCY: "3" }).llm);

describe("abstractive summaries", () => {
  it("summarises leaves first and parents from their children's summaries", async () => {
    const indexed: IndexedDocument = await indexPdf(await annualReportPdf(), { addSummaries: true, addDescription: true });
    const extractive = indexed.tree[2].summary;
    fake.requests.length = 0;
    fake.maxInFlight = 0;
    await makeAbstractive(indexed, llm());
    const risk = indexed.tree.find((n) => n.title === "2 Risk Factors")!;
    expect(risk.summary).toBe("Model summary of 2 Risk Factors.");
    expect(risk.summary).not.toBe(extractive);
    expect(risk.nodes.map((n) => n.summary)).toEqual(["Model summary of 2.1 Market risks.", "Model summary of 2.2 Cybersecurity risks."]);
    expect(indexed.description).toBe("A model-written description of the report.");
    expect(indexed.warnings ?? []).toEqual([]);

    const asked = fake.requests.map((r) => r.body.messages.at(-1).content as string);
    const parentAsk = asked.findIndex((c) => c.startsWith("Title: 2 Risk Factors"));
    const childAsk = asked.findIndex((c) => c.startsWith("Title: 2.2 Cybersecurity risks"));
    expect(childAsk).toBeLessThan(parentAsk);
    expect(asked[parentAsk]).toContain("Subsections:\n- 2.1 Market risks: Model summary of 2.1 Market risks.");
    expect(asked.at(-1)).toContain("Top-level sections:\n- Annual Report 2023: Model summary of Annual Report 2023.");
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
  });

  it("keeps the extractive summaries and warns when the model fails", async () => {
    const indexed = await indexPdf(await annualReportPdf(), { addSummaries: true, addDescription: true });
    const before = JSON.stringify(indexed.tree);
    const description = indexed.description;
    const saved = fake.fallback;
    fake.fallback = () => ({ status: 500, error: "down" });
    try {
      await makeAbstractive(indexed, llm());
    } finally {
      fake.fallback = saved;
    }
    expect(JSON.stringify(indexed.tree)).toBe(before);
    expect(indexed.description).toBe(description);
    expect(indexed.warnings?.at(-1)).toMatch(/Abstractive summaries failed \(The model server answered 500.*extractive summaries were kept/);
  });

  it("gives an uploaded document abstractive summaries and description when a model is configured", async () => {
    const server = await startTestServer({ TREEINDEX_MODEL: "m", OPENAI_BASE_URL: fake.url, TREEINDEX_LLM_RETRIES: "0" });
    try {
      const data = new FormData();
      data.set("file", new Blob([await annualReportPdf()]), "report.pdf");
      const id = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
      let body: any;
      for (let i = 0; i < 600; i++) {
        body = await json(await server.api(`/doc/${id}?summary=true&include_text=false`));
        if (body.status !== "processing") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(body.status).toBe("completed");
      expect(body.doc_description).toBe("A model-written description of the report.");
      expect(body.result.find((n: any) => n.title === "1 Business").summary).toBe("Model summary of 1 Business.");
    } finally {
      await server.close();
    }
  });
});
