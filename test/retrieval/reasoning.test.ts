// Reasoning tree search against a scripted OpenAI-compatible server (real HTTP, real client):
// the whole outline in one prompt when it fits, level by level when it does not.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { LexicalIndex } from "../../src/core/retrieval/lexical-index.ts";
import { reasoningSearch } from "../../src/core/retrieval/reasoning.ts";
import { indexPdf } from "../../src/indexing/pdf/index.ts";
import { createLlm, type LlmProvider } from "../../src/llm/index.ts";
import { startFakeOpenAi, type FakeOpenAi } from "../helpers/fake-openai.ts";
import { annualReportPdf } from "./fixtures.ts";

let fake: FakeOpenAi;
let llm: LlmProvider;
let index: LexicalIndex;
const id = (title: string) => index.nodes.find((n) => n.title === title)!.node_id;
const prompt = (i: number) => fake.requests[i].body.messages.map((m: any) => m.content).join("\n");

beforeAll(async () => {
  fake = await startFakeOpenAi();
  llm = createLlm(loadConfig({}, { TREEINDEX_MODEL: "m", OPENAI_BASE_URL: fake.url, TREEINDEX_LLM_RETRIES: "0" }).llm);
  const report = await indexPdf(await annualReportPdf(), { addSummaries: true });
  index = new LexicalIndex(report.tree, report.pageTexts);
});
afterAll(() => fake.close());
beforeEach(() => void (fake.requests.length = 0));

describe("reasoning tree search", () => {
  it("shows the whole outline with the lexical hint when it fits, and keeps only valid picks", async () => {
    const hint = index.search("ransomware").nodes;
    fake.script({ text: JSON.stringify({ nodes: [{ node_id: id("2.2 Cybersecurity risks"), reason: "threats" }, { node_id: "0099", reason: "made up" }] }) });
    const outcome = await reasoningSearch(llm, index, "ransomware", { thinking: false, hint, docName: "report.pdf" });
    expect(outcome).toEqual({ picks: [{ node_id: id("2.2 Cybersecurity risks"), reason: "threats" }], plan: undefined, calls: 1 });
    expect(prompt(0)).toContain("Outline (complete):");
    expect(prompt(0)).toContain(`${id("2.1 Market risks")} 2.1 Market risks (pages 4-4)`);
    expect(prompt(0)).toContain(`Keyword search ranks these sections highest (a hint, not an answer): ${hint[0].node_id} "${hint[0].title}"`);
  });

  it("walks a tree too large for one prompt level by level", async () => {
    fake.script(
      { text: JSON.stringify({ nodes: [{ node_id: id("2 Risk Factors"), reason: "risks live here", expand: true }] }) },
      { text: JSON.stringify({ nodes: [{ node_id: id("2.2 Cybersecurity risks"), reason: "IT threats" }, { node_id: id("1 Business"), reason: "not shown at this level" }] }) },
    );
    const outcome = await reasoningSearch(llm, index, "Which IT threats are named?", { thinking: false, hint: [], docName: "report.pdf", outlineBudget: 1200 });
    expect(outcome.picks).toEqual([{ node_id: id("2.2 Cybersecurity risks"), reason: "IT threats" }]);
    expect(outcome.calls).toBe(2);
    expect(prompt(0)).toMatch(/Outline \(level 1; sections with \[\+N\] have N subsections you can expand\)/);
    expect(prompt(0)).toContain(`${id("2 Risk Factors")} 2 Risk Factors (pages 4-5) [+2]`);
    expect(prompt(0)).not.toContain("2.1 Market risks");
    expect(prompt(1)).toContain("2.2 Cybersecurity risks");
    expect(prompt(1)).not.toContain("Management Discussion");
    expect(prompt(1)).toContain("Keyword search found no matching section.");
  });

  it("seeds a tree too large for one prompt with the lexical candidates and their ancestors: one call", async () => {
    fake.script({ text: JSON.stringify({ nodes: [{ node_id: id("2.2 Cybersecurity risks"), reason: "lists IT threats" }] }) });
    const item7a = index.nodes.find((n) => n.title.startsWith("Item 7A"))!.node_id;
    const candidates = [id("2.2 Cybersecurity risks"), item7a];
    const outcome = await reasoningSearch(llm, index, "Which IT threats are named?", { thinking: false, hint: [], docName: "report.pdf", outlineBudget: 1200, candidates });
    expect(outcome).toEqual({ picks: [{ node_id: id("2.2 Cybersecurity risks"), reason: "lists IT threats" }], plan: undefined, calls: 1 });
    expect(prompt(0)).toMatch(/Outline \(the sections keyword search found, with their parent sections/);
    // The candidate with its parent section, the second candidate; nothing else.
    expect(prompt(0)).toContain(`${id("2 Risk Factors")} 2 Risk Factors`);
    expect(prompt(0)).toContain(`${id("2.2 Cybersecurity risks")} 2.2 Cybersecurity risks (pages 5-5)`);
    expect(prompt(0)).toContain("Item 7A");
    expect(prompt(0)).not.toContain("2.1 Market risks");
    expect(prompt(0)).not.toContain("Management Discussion");
  });

  it("plans first with thinking, and repairs a malformed plan", async () => {
    fake.script(
      { text: "{plan: oops" },
      { text: JSON.stringify({ plan: "Find the revenue figure in the business overview", information_needed: ["net sales 2023"] }) },
      { text: JSON.stringify({ nodes: [{ node_id: id("1 Business"), reason: "revenue" }] }) },
    );
    const outcome = await reasoningSearch(llm, index, "What were net sales?", { thinking: true, hint: [], docName: "report.pdf" });
    expect(outcome.plan).toBe("Find the revenue figure in the business overview\nNeeded: net sales 2023");
    expect(outcome.calls).toBe(2);
    expect(fake.requests).toHaveLength(3);
    expect(prompt(2)).toContain("Your plan:\nFind the revenue figure in the business overview");
  });
});
