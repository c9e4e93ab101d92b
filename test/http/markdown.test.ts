/**
 * POST /markdown through the real HTTP server (every field, its default and its 422), and
 * Markdown through POST /doc as a stored document with a tree of line numbers.
 */
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestServer, uploadFile, waitForStatus, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIXTURE = new URL("../fixtures/markdown/structure.md", import.meta.url);

/** A document whose "Big" section is long (over 200 tokens) and whose "Small" one is short. */
const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i % 7}`).join(" ");
const SAMPLE = [
  "Preface line.",
  "",
  "# Big",
  "",
  `${words(150, "alpha")}. The engine turns documents into trees. ${words(150, "beta")}.`,
  "",
  "## Small",
  "",
  "Short **bold** child text.",
  "",
  "# Tail",
  "",
  "Last words.",
  "",
].join("\n");

function convert(content: string | Uint8Array, name = "notes.md", fields: Record<string, string> = {}) {
  return uploadFile(server, name, content, fields, "/markdown");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function flat(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flat(n.nodes)]);
}

describe("POST /markdown", () => {
  it("answers {success, doc_name, structure} with the spec's defaults (ids, summaries, text on; description off)", async () => {
    const res = await convert(SAMPLE, "My Notes.v2.md");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(["success", "doc_name", "structure"]);
    expect(body.success).toBe(true);
    expect(body.doc_name).toBe("My Notes.v2");
    const nodes = flat(body.structure);
    expect(nodes.map((n) => [n.title, n.node_id, n.line_num])).toEqual([
      ["My Notes.v2", "0000", 1],
      ["Big", "0001", 3],
      ["Small", "0002", 7],
      ["Tail", "0003", 11],
    ]);
    for (const n of nodes) {
      expect(typeof n.text).toBe("string");
      expect(typeof n.summary).toBe("string");
    }
    expect(nodes[2].text).toBe("## Small\n\nShort **bold** child text.\n\n");
    // Short node: its own text without markup; long node: an extractive summary, not a copy.
    expect(nodes[2].summary).toBe("Small\nShort bold child text.");
    expect(nodes[1].summary.length).toBeLessThan(nodes[1].text.length);
    expect(nodes[1].summary).not.toContain("#");
  });

  it("if_add_node_id, if_add_node_summary, if_add_node_text = no drop those fields", async () => {
    const body = await json(await convert(SAMPLE, "n.md", { if_add_node_id: "no", if_add_node_summary: "no", if_add_node_text: "no" }));
    for (const n of flat(body.structure)) {
      expect(Object.keys(n).sort()).toEqual(["line_num", "nodes", "title"]);
    }
  });

  it("if_add_doc_description=yes adds doc_description", async () => {
    const body = await json(await convert(SAMPLE, "n.md", { if_add_doc_description: "yes" }));
    expect(typeof body.doc_description).toBe("string");
    expect(body.doc_description.length).toBeGreaterThan(0);
  });

  it("summary_token_threshold decides between own text and extractive summary", async () => {
    const low = await json(await convert(SAMPLE, "n.md", { summary_token_threshold: "0" }));
    const high = await json(await convert(SAMPLE, "n.md", { summary_token_threshold: "100000" }));
    const bigLow = flat(low.structure)[1].summary as string;
    const bigHigh = flat(high.structure)[1].summary as string;
    expect(bigHigh.startsWith("Big\nalpha0 alpha1")).toBe(true); // whole own text, stripped of markup
    expect(bigLow.length).toBeLessThan(bigHigh.length);
  });

  it("if_thinning merges subtrees below thinning_threshold into their parent; larger ones keep children", async () => {
    const thin = await json(await convert(SAMPLE, "n.md", { if_thinning: "yes", thinning_threshold: "100000" }));
    expect(thin.structure.map((n: { title: string }) => n.title)).toEqual(["n", "Big", "Tail"]);
    const big = thin.structure[1];
    expect(big.nodes).toEqual([]);
    expect(big.text).toContain("## Small\n\nShort **bold** child text.");
    // A small threshold keeps the "Big" subtree (it reaches the threshold) with its child.
    const kept = await json(await convert(SAMPLE, "n.md", { if_thinning: "yes", thinning_threshold: "50" }));
    expect(kept.structure[1].nodes.map((n: { title: string }) => n.title)).toEqual(["Small"]);
    // Without if_thinning the threshold alone changes nothing.
    const off = await json(await convert(SAMPLE, "n.md", { thinning_threshold: "100000" }));
    expect(off.structure[1].nodes).toHaveLength(1);
  });

  it("finds CommonMark headings only (fixture with code fences, HTML, front matter, setext)", async () => {
    const body = await json(await convert(await fs.readFile(FIXTURE), "structure.md", { if_add_node_summary: "no" }));
    const titles = flat(body.structure).map((n) => n.title);
    expect(titles[0]).toBe("Structure fixture"); // preamble titled by the front matter
    expect(titles).toContain("Top level");
    expect(titles).toContain("Second level with code and a link");
    expect(titles).toContain("Setext one");
    expect(titles.some((t) => t.startsWith("not a heading"))).toBe(false);
  });

  it.each([
    ["if_thinning", "maybe"],
    ["if_add_node_id", "sometimes"],
    ["if_add_node_summary", "2"],
    ["if_add_node_text", "x"],
    ["if_add_doc_description", "ok"],
    ["thinning_threshold", "abc"],
    ["thinning_threshold", "0"],
    ["thinning_threshold", "1.5"],
    ["summary_token_threshold", "-1"],
  ])("422 for %s=%s, naming the field", async (field, value) => {
    const res = await convert(SAMPLE, "n.md", { [field]: value });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.detail[0].loc).toEqual(["body", field]);
  });

  it("422 for a missing file, a wrong extension, binary content and invalid UTF-8", async () => {
    const data = new FormData();
    data.set("if_thinning", "no");
    const missing = await server.api("/markdown", { method: "POST", body: data });
    expect(missing.status).toBe(422);

    for (const [content, name, words] of [
      ["# Title\n", "notes.txt", /\.md or \.markdown/],
      [new Uint8Array([0x23, 0x20, 0x41, 0x00, 0x01]), "bin.md", /binary/],
      [new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]), "latin.md", /UTF-8/],
    ] as const) {
      const res = await convert(content, name);
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(body.detail[0].loc).toEqual(["body", "file"]);
      expect(body.detail[0].msg).toMatch(words);
    }
  });

  it("a file without headings is one node; an empty file too", async () => {
    const one = await json(await convert("just text\nno headings\n", "plain.markdown"));
    expect(one.doc_name).toBe("plain");
    expect(one.structure).toHaveLength(1);
    expect(one.structure[0]).toMatchObject({ title: "plain", node_id: "0000", line_num: 1, text: "just text\nno headings\n" });
    const empty = await json(await convert("", "empty.md"));
    expect(empty.structure).toHaveLength(1);
    expect(empty.structure[0].text).toBe("");
  });

  it("CRLF line endings keep line numbers", async () => {
    const body = await json(await convert("# A\r\ntext\r\n\r\n## B\r\nmore\r\n", "crlf.md"));
    expect(flat(body.structure).map((n) => [n.title, n.line_num])).toEqual([["A", 1], ["B", 4]]);
  });

  it("413 above the synchronous size limit, pointing at POST /doc", async () => {
    const res = await convert(new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61), "huge.md");
    expect(res.status).toBe(413);
    expect((await json(res)).detail).toMatch(/POST \/doc/);
  });

  it("needs the api_key", async () => {
    const res = await uploadFile(server, "n.md", SAMPLE, {}, "/markdown", null);
    expect(res.status).toBe(401);
  });
});

describe("Markdown through POST /doc", () => {
  it("is stored and indexed as a document whose nodes carry line_num and no pages", async () => {
    const res = await uploadFile(server, "guide.md", SAMPLE);
    expect(res.status).toBe(200);
    const { doc_id } = await json(res);
    const body = await waitForStatus(server, doc_id, { timeoutMs: 20_000 });
    expect(body.status).toBe("completed");
    expect(body.retrieval_ready).toBe(true);
    expect(body.toc_source).toBe("markdown");
    const nodes = flat(body.result);
    expect(nodes.map((n) => [n.title, n.line_num])).toEqual([["guide", 1], ["Big", 3], ["Small", 7], ["Tail", 11]]);
    for (const n of nodes) {
      expect(n.page_index).toBeUndefined();
      expect(typeof n.text).toBe("string");
    }
    const tree = await json(await server.api(`/tree/${doc_id}`));
    expect(flat(tree.result)[1].start_index).toBeUndefined();
    expect(flat(tree.result)[1].text).toBeUndefined();

    const meta = await json(await server.api(`/doc/${doc_id}/metadata`));
    expect(meta.name).toBe("guide.md");
  });

  it("a .md file that is not text is refused with 422 naming the formats", async () => {
    const res = await uploadFile(server, "x.md", new Uint8Array([0x23, 0x00, 0xff]));
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0].msg).toMatch(/Markdown/);
  });
});
