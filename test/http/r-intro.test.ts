// Acceptance of the PDF issue through the real HTTP server: R-intro.pdf (113 pages, an
// embedded outline of 145 entries) becomes a tree whose top level is the outline's chapters.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, walkNodes, type TestServer } from "../helpers/server.ts";

// R-intro's own bookmarks, top level: [title, physical page].
const CHAPTERS: Array<[string, number]> = [
  ["Preface", 7], ["1 Introduction and preliminaries", 8], ["2 Simple manipulations; numbers and vectors", 14],
  ["3 Objects, their modes and attributes", 20], ["4 Ordered and unordered factors", 23], ["5 Arrays and matrices", 26],
  ["6 Lists and data frames", 35], ["7 Reading data from files", 39], ["8 Probability distributions", 42],
  ["9 Grouping, loops and conditional execution", 49], ["10 Writing your own functions", 51], ["11 Statistical models in R", 61],
  ["12 Graphical procedures", 74], ["13 Packages", 89], ["14 OS facilities", 91], ["A A sample session", 94], ["B Invoking R", 98],
  ["C The command-line editor", 106], ["D Function and variable index", 108], ["E Concept index", 111], ["F References", 113],
];

let server: TestServer;
let docId: string;
beforeAll(async () => {
  server = await startTestServer();
  const data = new FormData();
  data.set("file", new Blob([await fs.readFile(path.resolve("test/fixtures/pdf/R-intro.pdf"))]), "R-intro.pdf");
  docId = (await json(await server.api("/doc", { method: "POST", body: data }))).doc_id;
  for (let i = 0; i < 1200; i++) {
    if ((await json(await server.api(`/doc/${docId}?include_text=false`))).status !== "processing") break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(() => server.close());

describe("R-intro.pdf through the API", () => {
  it("completes with the outline's chapters at their physical pages", async () => {
    const body = await json(await server.api(`/doc/${docId}`));
    expect(body).toMatchObject({ status: "completed", retrieval_ready: true, toc_source: "outline", page_count: 113 });
    const top = body.result.map((n: any) => [n.title, n.page_index]);
    // Front matter before the first bookmark (title page, contents) is kept as a leading node.
    expect(top[0][1]).toBe(1);
    expect(top.slice(1)).toEqual(CHAPTERS);
    let count = 0;
    walkNodes(body.result, () => count++);
    expect(count).toBeGreaterThanOrEqual(145);
  });

  it("/tree gives start_index/end_index consistent with children and ids in pre-order", async () => {
    const body = await json(await server.api(`/tree/${docId}`));
    const ids: string[] = [];
    walkNodes(body.result, (n, parent) => {
      ids.push(n.node_id);
      expect(n.end_index).toBeGreaterThanOrEqual(n.start_index);
      expect(n.end_index).toBeLessThanOrEqual(113);
      if (parent) {
        expect(n.start_index).toBeGreaterThanOrEqual(parent.start_index);
        expect(n.end_index).toBeLessThanOrEqual(parent.end_index);
      }
      if (n.nodes.length) expect(n.end_index).toBe(Math.max(n.start_index, ...n.nodes.map((c: any) => c.end_index)));
    });
    expect(ids).toEqual(ids.map((_, i) => String(i).padStart(4, "0")));
    // Consecutive top-level nodes tile the document.
    for (let i = 1; i < body.result.length; i++) expect(body.result[i].start_index).toBeGreaterThanOrEqual(body.result[i - 1].end_index);
    expect(body.result.at(-1).end_index).toBe(113);
  });

  it("text is present on /doc by default and include_text=false drops every text", async () => {
    const withText = await json(await server.api(`/doc/${docId}`));
    let texts = 0;
    walkNodes(withText.result, (n) => void (typeof n.text === "string" && n.text.length > 0 && texts++));
    expect(texts).toBeGreaterThan(100);
    const chapter1 = withText.result.find((n: any) => n.title.startsWith("1 Introduction"));
    expect(chapter1.text).toMatch(/1 Introduction and preliminaries/);
    const without = await json(await server.api(`/doc/${docId}?include_text=false`));
    walkNodes(without.result, (n) => expect(n).not.toHaveProperty("text"));
  });
});
