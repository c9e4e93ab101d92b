import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPageSpec, parsePageSpec } from "../../../src/core/documents/page-spec.ts";
import { CONTENT_CHARS, DocumentReader, STRUCTURE_PART_CHARS } from "../../../src/core/documents/reading.ts";
import { nodesResult, pagesResult, structureResult, type OutlineNode } from "../../../src/core/documents/reading-schemas.ts";
import { InvalidInputError, NotFoundError, NotReadyError } from "../../../src/core/errors.ts";
import type { Services } from "../../../src/core/services.ts";
import type { DocumentRecord, UserRecord } from "../../../src/store/index.ts";
import { indexFile, startServices } from "../../helpers/indexed.ts";
import { makePdf } from "../../helpers/pdf.ts";

describe("page specs", () => {
  it("parses single pages, lists and ranges into sorted distinct pages", () => {
    expect(parsePageSpec("5", 20)).toEqual([5]);
    expect(parsePageSpec("7,3", 20)).toEqual([3, 7]);
    expect(parsePageSpec("5-10", 20)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(parsePageSpec(" 1-3, 7 ,9-12,2", 20)).toEqual([1, 2, 3, 7, 9, 10, 11, 12]);
  });

  it.each([["0"], ["21"], ["5-3"], ["abc"], [""], ["1,,2"], ["3-"], ["1.5"]])("rejects %j with a hint", (spec) => {
    expect(() => parsePageSpec(spec, 20)).toThrow(InvalidInputError);
    expect(() => parsePageSpec(spec, 20)).toThrow(/"5", "3,7", "5-10"/);
  });

  it("formats pages back into ranges", () => {
    expect(formatPageSpec([1, 2, 3, 7, 9, 10])).toBe("1-3,7,9-10");
    expect(formatPageSpec([4])).toBe("4");
    expect(formatPageSpec([])).toBe("");
  });
});

function walk(nodes: OutlineNode[], fn: (n: OutlineNode, depth: number) => void, depth = 1): void {
  for (const n of nodes) {
    fn(n, depth);
    walk(n.nodes, fn, depth + 1);
  }
}

describe("DocumentReader on real indexed documents", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let services: Services;
  let user: UserRecord;
  let rdata: DocumentRecord;
  let big: DocumentRecord;

  beforeAll(async () => {
    env = await startServices();
    services = env.services;
    user = await services.users.ensureUser("reader");
    rdata = await indexFile(services, user, "test/fixtures/pdf/R-data.pdf");
    // 60 pages of long lines: page texts far above the content cap in total.
    const line = "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt.";
    big = await indexFile(services, user, {
      name: "big.pdf",
      bytes: await makePdf(Array.from({ length: 60 }, (_, i) => ({ lines: [`# ${i + 1} Chapter ${i + 1}`, ...Array(45).fill(line)] }))),
    });
  }, 120_000);
  afterAll(() => env.close());

  it("gives the structure without text, with page ranges", async () => {
    expect(rdata.status).toBe("completed");
    const result = await services.reader.structure(user, rdata.id);
    expect(structureResult.parse(result)).toBeTruthy();
    expect(result).toMatchObject({ doc_id: rdata.id, doc_name: "R-data.pdf", format: "pdf", page_count: 41, part: 1, parts: 1 });
    let count = 0;
    walk(result.structure, (n) => {
      count++;
      expect(n).not.toHaveProperty("text");
      expect(n.start_index).toBeGreaterThanOrEqual(1);
      expect(n.end_index).toBeGreaterThanOrEqual(n.start_index!);
      expect(n.end_index).toBeLessThanOrEqual(41);
    });
    expect(count).toBe(result.node_count);
    expect(JSON.stringify(result)).toMatch(/Spreadsheet-like data/);
  });

  it("limits depth and marks collapsed nodes; node_id expands one subtree", async () => {
    const full = await services.reader.structure(user, rdata.id);
    const shallow = await services.reader.structure(user, rdata.id, { maxDepth: 1 });
    walk(shallow.structure, (n, depth) => expect(depth).toBe(1));
    const withKids = full.structure.flatMap((n) => [n, ...n.nodes]).find((n) => n.nodes.length > 0)!;
    const collapsed = shallow.structure.find((n) => n.hidden_children);
    expect(collapsed).toBeDefined();
    expect(shallow.note).toMatch(/node_id to expand/);
    const expanded = await services.reader.structure(user, rdata.id, { nodeId: withKids.node_id });
    expect(expanded.structure).toHaveLength(1);
    expect(expanded.structure[0].node_id).toBe(withKids.node_id);
    expect(expanded.structure[0].nodes.map((n) => n.node_id)).toEqual(withKids.nodes.map((n) => n.node_id));
    const summaries = await services.reader.structure(user, rdata.id, { maxDepth: 1, includeSummaries: true });
    expect(summaries.structure.some((n) => typeof n.summary === "string" && n.summary.length > 0)).toBe(true);
  });

  it("rejects an unknown node, a part out of range, another user's document", async () => {
    await expect(services.reader.structure(user, rdata.id, { nodeId: "9999" })).rejects.toThrow(NotFoundError);
    await expect(services.reader.structure(user, rdata.id, { part: 2 })).rejects.toThrow(/part must be between 1 and 1/);
    const bob = await services.users.ensureUser("bob");
    await expect(services.reader.structure(bob, rdata.id)).rejects.toThrow(NotFoundError);
  });

  it("pages a structure larger than one part; every node appears exactly once", async () => {
    const reader = new DocumentReader(services.store, services.documents, { partChars: 1500, contentChars: CONTENT_CHARS });
    const first = await reader.structure(user, rdata.id);
    expect(first.parts).toBeGreaterThan(1);
    expect(first.note).toMatch(/part 1 of/);
    const ids: string[] = [];
    for (let part = 1; part <= first.parts; part++) {
      const r = await reader.structure(user, rdata.id, { part });
      expect(r.part).toBe(part);
      walk(r.structure, (n) => ids.push(n.node_id));
      // A part holds whole top-level nodes and stays within the budget unless one node alone
      // is bigger (then it is collapsed and says so).
      if (r.structure.length > 1) expect(JSON.stringify(r.structure).length).toBeLessThanOrEqual(1500 + 200);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const hidden = (await Promise.all(Array.from({ length: first.parts }, (_, i) => reader.structure(user, rdata.id, { part: i + 1 }))))
      .flatMap((r) => r.structure)
      .reduce(function count(sum: number, n: OutlineNode): number {
        return n.nodes.reduce(count, sum + (n.hidden_children ?? 0));
      }, 0);
    // Each node is either listed or counted among its collapsed parent's hidden children
    // (hidden nodes' own descendants are not counted, so listed + hidden <= total).
    expect(ids.length + hidden).toBeLessThanOrEqual(first.node_count);
    expect(ids.length).toBeGreaterThan(0);
    // The default budget fits R-data in one part.
    expect((await services.reader.structure(user, rdata.id)).parts).toBe(1);
    expect(STRUCTURE_PART_CHARS).toBeGreaterThan(1500);
  });

  it("reads pages with the sections on them", async () => {
    const result = await services.reader.pages(user, rdata.id, "3,5-6");
    expect(pagesResult.parse(result)).toBeTruthy();
    expect(result.pages.map((p) => p.page)).toEqual([3, 5, 6]);
    expect(result).toMatchObject({ requested: "3,5-6", returned: "3,5-6", truncated: false });
    for (const p of result.pages) {
      expect(p.text.length).toBeGreaterThan(100);
      expect(p.sections.length).toBeGreaterThan(0);
    }
    // The page text is the page: a section starting on page 5 has its title there.
    const structure = await services.reader.structure(user, rdata.id);
    const starts: OutlineNode[] = [];
    walk(structure.structure, (n) => n.start_index === 5 && starts.push(n));
    expect(starts.length).toBeGreaterThan(0);
    const page5 = result.pages[1].text.replace(/\s+/g, " ");
    expect(page5).toContain(starts[0].title.replace(/^[\d.]+\s*/, "").slice(0, 12));
  });

  it("caps page content and names the pages to ask for next", async () => {
    const result = await services.reader.pages(user, big.id, "1-60");
    expect(result.truncated).toBe(true);
    expect(result.pages.length).toBeLessThan(60);
    const size = result.pages.reduce((s, p) => s + p.text.length, 0);
    expect(size).toBeLessThanOrEqual(CONTENT_CHARS);
    expect(result.next_pages).toBe(`${result.pages.length + 1}-60`);
    expect(result.note).toMatch(/narrow/);
    const next = await services.reader.pages(user, big.id, result.next_pages!);
    expect(next.pages[0].page).toBe(result.pages.length + 1);
  });

  it("rejects bad page specs against the page count", async () => {
    await expect(services.reader.pages(user, rdata.id, "42")).rejects.toThrow(/has 41 page/);
    await expect(services.reader.pages(user, rdata.id, "x")).rejects.toThrow(InvalidInputError);
  });

  it("reads nodes, optionally with their subtree, and caps the size", async () => {
    const structure = await services.reader.structure(user, rdata.id);
    const parent = structure.structure.flatMap((n) => [n, ...n.nodes]).find((n) => n.nodes.length > 1)!;
    const own = await services.reader.nodes(user, rdata.id, [parent.node_id]);
    expect(nodesResult.parse(own)).toBeTruthy();
    expect(own.nodes).toHaveLength(1);
    expect(own.nodes[0].children).toBeUndefined();
    const withChildren = await services.reader.nodes(user, rdata.id, [parent.node_id], true);
    const kids = withChildren.nodes[0].children!;
    expect(kids[0].node_id).toBe(parent.nodes[0].node_id);
    expect(kids.length).toBeGreaterThanOrEqual(parent.nodes.length);
    expect(kids.some((k) => k.text.length > 50)).toBe(true);
    await expect(services.reader.nodes(user, rdata.id, ["0000", "7777"])).rejects.toThrow(/Node 7777 not found/);

    const all: string[] = [];
    walk((await services.reader.structure(user, big.id)).structure, (n) => all.push(n.node_id));
    const capped = await services.reader.nodes(user, big.id, all);
    expect(capped.truncated).toBe(true);
    expect(capped.note).toMatch(/fewer nodes/);
  });

  it("refuses documents that are not completed", async () => {
    const { doc_id } = await services.documents.upload(user, {
      fileName: "broken.pdf",
      bytes: new TextEncoder().encode("%PDF-1.4\nthis is not really a pdf"),
      options: { ...(await import("../../../src/core/documents/schemas.ts")).uploadOptions({}, "doc") },
    });
    await expect(services.reader.structure(user, doc_id)).rejects.toThrow(NotReadyError);
  });
});
