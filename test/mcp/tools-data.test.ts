// MCP tools over the listing, metadata schema, search, relevance and OCR services.
import fs from "node:fs/promises";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/core/services.ts";
import { makeTempHome } from "../helpers/server.ts";
import { startServices } from "../helpers/indexed.ts";
import { makePdf } from "../helpers/pdf.ts";
import { connectInMemory, failed, ok } from "./harness.ts";

describe("MCP data tools: list, metadata schemas, search, relevance, OCR", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let services: Services;
  let client: Client;
  let root: string;
  const ids: Record<string, string> = {};

  const index = async (file: string, extra: Record<string, unknown> = {}) => {
    const r = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(root, file), wait_for_completion: true, ...extra } }, undefined, { timeout: 120_000 }));
    expect(r.status).toBe("completed");
    return r.doc_id as string;
  };

  beforeAll(async () => {
    root = await makeTempHome("treeindex-root-");
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", path.join(root, "R-data.pdf"));
    await fs.copyFile("test/fixtures/pdf/mixed-scan.pdf", path.join(root, "mixed-scan.pdf"));
    const para = "Quarterly revenue grew strongly because the widget division shipped more units to retail partners.";
    await fs.writeFile(path.join(root, "widgets-report.pdf"), await makePdf([{ lines: ["# 1 Widget sales", para, para] }, { lines: ["# 2 Outlook", "Margins should improve next year as costs fall."] }]));
    env = await startServices({ TREEINDEX_ALLOWED_ROOTS: root });
    services = env.services;
    client = await connectInMemory({ services, user: await services.users.ensureUser("local") });
    ids.rdata = await index("R-data.pdf", { metadata: { year: 2021, kind: "manual" } });
    ids.widgets = await index("widgets-report.pdf", { metadata: { year: 2024, kind: "report" } });
    ids.scan = await index("mixed-scan.pdf");
  }, 240_000);

  afterAll(async () => {
    await client?.close();
    await env?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it("list_documents: filter, sort, aggregates and groups, as GET /docs; bad operators are INVALID_INPUT", async () => {
    const recent = ok(await client.callTool({ name: "list_documents", arguments: { metadata_filter: { year: { $gte: 2022 } } } }));
    expect(recent.documents.map((d: { id: string }) => d.id)).toEqual([ids.widgets]);
    const sorted = ok(await client.callTool({ name: "list_documents", arguments: { sort: { year: 1 }, metadata_filter: { kind: { $in: ["manual", "report"] } } } }));
    expect(sorted.documents.map((d: { id: string }) => d.id)).toEqual([ids.rdata, ids.widgets]);
    expect(sorted.total).toBe(2);
    const grouped = ok(await client.callTool({ name: "list_documents", arguments: { group_by: ["kind"], aggregates: { n: { $count: {} }, latest: { $max: "year" } }, sort: { kind: 1 } } }));
    expect(grouped.groups).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "manual", n: 1, latest: 2021 }), expect.objectContaining({ kind: "report", n: 1, latest: 2024 })]));
    const bad = failed(await client.callTool({ name: "list_documents", arguments: { metadata_filter: { year: { $where: "1" } } } }), "INVALID_INPUT");
    expect(bad.error).toMatch(/\$where/);
    failed(await client.callTool({ name: "list_documents", arguments: { group_by: ["kind"] } }), "INVALID_INPUT");
    failed(await client.callTool({ name: "list_documents", arguments: { folder_id: "fld_missing" } }), "NOT_FOUND");
  });

  it("metadata schemas: declare, read with values, conflict on a second declaration, enforce on set_document_metadata, delete", async () => {
    const none = ok(await client.callTool({ name: "get_metadata_schema", arguments: { folder_id: "root" } }));
    expect(none.schema).toBeNull();
    const declared = ok(await client.callTool({ name: "set_metadata_schema", arguments: { folder_id: "root", fields: { year: { type: "integer" }, kind: { type: "string" } } } }));
    expect(declared.schema.fields.year.type).toBe("integer");
    failed(await client.callTool({ name: "set_metadata_schema", arguments: { folder_id: "root", fields: { x: { type: "string" } } } }), "CONFLICT");
    failed(await client.callTool({ name: "set_metadata_schema", arguments: { folder_id: "root", fields: { x: { type: "colour" } } } }), "INVALID_INPUT");
    const withValues = ok(await client.callTool({ name: "get_metadata_schema", arguments: { folder_id: "root", include_values: true } }));
    expect(withValues.schema.fields.year.values).toEqual(expect.arrayContaining([2021, 2024]));
    const overview = ok(await client.callTool({ name: "get_metadata_schema", arguments: {} }));
    expect(overview.user_schema.fields).toHaveProperty("kind");
    const rejected = failed(await client.callTool({ name: "set_document_metadata", arguments: { doc_id: ids.rdata, metadata: { year: "last year" } } }), "INVALID_INPUT");
    expect(rejected.error).toMatch(/year/);
    ok(await client.callTool({ name: "delete_metadata_schema", arguments: { folder_id: "root" } }));
    failed(await client.callTool({ name: "delete_metadata_schema", arguments: { folder_id: "root" } }), "NOT_FOUND");
    failed(await client.callTool({ name: "get_metadata_schema", arguments: { folder_id: "fld_missing" } }), "NOT_FOUND");
  });

  it("search_documents: one document, all documents; passages with pages; errors", async () => {
    const inOne = ok(await client.callTool({ name: "search_documents", arguments: { query: "spreadsheet", doc_id: ids.rdata, full: true } }));
    expect(inOne.sections.length).toBeGreaterThan(0);
    expect(inOne.sections.every((s: { doc_id: string }) => s.doc_id === ids.rdata)).toBe(true);
    expect(inOne.sections[0].passages[0].page).toBeGreaterThan(0);
    expect(inOne.sections[0].passages.map((p: { text: string }) => p.text).join(" ")).toMatch(/spreadsheet/i);
    expect(inOne.next_steps.options[0]).toMatch(/get_page_content/);
    // Pages to open first, with the passage that matched.
    expect(inOne.pages[0]).toMatchObject({ doc_id: ids.rdata, page: expect.any(Number), snippet: expect.stringMatching(/spreadsheet/i) });
    expect(inOne.next_steps.options[0]).toContain(`pages: "${inOne.pages[0].page}`);
    // By default the answer is compact: at most 5 sections, passages only under pages.
    const compact = ok(await client.callTool({ name: "search_documents", arguments: { query: "spreadsheet", doc_id: ids.rdata } }));
    expect(compact.sections.length).toBeLessThanOrEqual(5);
    expect(compact.sections.every((s: { passages?: unknown[]; doc_id?: string }) => s.passages === undefined && s.doc_id === undefined)).toBe(true);
    expect(compact.documents[0].doc_id).toBe(ids.rdata);
    expect(compact.pages.map((p: { page: number }) => p.page)).toEqual(inOne.pages.map((p: { page: number }) => p.page));
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(inOne).length / 2);
    const all = ok(await client.callTool({ name: "search_documents", arguments: { query: "widget division revenue" } }));
    expect(all.documents[0].doc_id).toBe(ids.widgets);
    const nothing = ok(await client.callTool({ name: "search_documents", arguments: { query: "zyxwvut" } }));
    expect(nothing.sections).toEqual([]);
    expect(nothing.next_steps.options[0]).toMatch(/No match/);
    failed(await client.callTool({ name: "search_documents", arguments: { query: "x", doc_id: "doc_missing" } }), "NOT_FOUND");
    failed(await client.callTool({ name: "search_documents", arguments: { query: "" } }), "INVALID_INPUT");
  });

  it("find_relevant_documents: by name and by content", async () => {
    const byName = ok(await client.callTool({ name: "find_relevant_documents", arguments: { query: "widgets report" } }));
    expect(byName.docs[0]).toMatchObject({ id: ids.widgets });
    expect(byName.docs[0].matched).toContain("name");
    expect(byName.documents).toBeUndefined(); // one list, each document once
    const byContent = ok(await client.callTool({ name: "find_relevant_documents", arguments: { query: "importing data from relational databases" } }));
    expect(byContent.docs[0].id).toBe(ids.rdata);
    expect(byContent.docs[0].matched).toContain("content");
    expect(byContent.docs[0].sections.length).toBeGreaterThan(0);
    expect(byContent.docs[0].pages.length).toBeGreaterThan(0);
    expect(byContent.next_steps.options[0]).toMatch(new RegExp(`get_page_content \\{doc_id: "${ids.rdata}"`));
    const none = ok(await client.callTool({ name: "find_relevant_documents", arguments: { query: "zyxwvut" } }));
    expect(none.docs).toEqual([]);
    failed(await client.callTool({ name: "find_relevant_documents", arguments: { query: "" } }), "INVALID_INPUT");
  });

  it("get_ocr: pages with the OCR'd page marked; raw; node; errors", async () => {
    const pages = ok(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan } }));
    expect(pages.ocr_pages).toEqual([2]);
    expect(pages.pages.map((p: { page_index: number }) => p.page_index)).toEqual([1, 2, 3]);
    expect(pages.pages[1]).toMatchObject({ ocr: true });
    expect(pages.pages[1].image_count).toBeGreaterThan(0);
    expect(pages.pages[1].markdown).toMatch(/R and the window system|Using R interactively/);
    const one = ok(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan, pages: "2" } }));
    expect(one.pages).toHaveLength(1);
    const raw = ok(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan, format: "raw" } }));
    expect(raw.markdown).toMatch(/<!-- page 2 -->/);
    const nodes = ok(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan, format: "node" } }));
    expect(nodes.nodes.length).toBeGreaterThan(0);
    failed(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan, pages: "9" } }), "INVALID_INPUT");
    failed(await client.callTool({ name: "get_ocr", arguments: { doc_id: ids.scan, format: "pdf" } }), "INVALID_INPUT");
  });

  it("get_document_image: MCP image content for an OCR'd page; a text page has none", async () => {
    const result = (await client.callTool({ name: "get_document_image", arguments: { doc_id: ids.scan, page: 2 } })) as CallToolResult;
    const info = ok(result);
    expect(info).toMatchObject({ doc_id: ids.scan, page: 2, image: 1, mime_type: "image/png" });
    const image = result.content[1] as { type: string; data: string; mimeType: string };
    expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(Buffer.from(image.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(Buffer.from(image.data, "base64").length).toBe(info.bytes);
    const none = failed(await client.callTool({ name: "get_document_image", arguments: { doc_id: ids.scan, page: 1 } }), "NOT_FOUND");
    expect(none.next_steps.options.join(" ")).toMatch(/Pages with images: 2/);
    failed(await client.callTool({ name: "get_document_image", arguments: { doc_id: ids.scan, page: 4 } }), "INVALID_INPUT");
  });

  // Last: it adds a document the tests above do not expect.
  it("next_steps point at the best hit whatever its format: a Markdown section by node id, a PDF by pages", async () => {
    const md = "# Site theme\n\nHow the theme is set up.\n\n## Overriding the footer\n\nTo override the footer of a theme, copy the footer include into your site's _includes folder and edit the copy; the theme's own footer is then ignored.\n\n## Colours\n\nSet the colours in the theme's config.\n";
    await fs.writeFile(path.join(root, "theme-guide.md"), md);
    const mdId = await index("theme-guide.md");
    // The library index follows the store's commits a moment after completion (< 1 s).
    await services.librarySync.idle();
    const library = ok(await client.callTool({ name: "search_documents", arguments: { query: "How do I override the footer of my theme?" } }));
    expect(library.documents[0].doc_id).toBe(mdId);
    expect(library.pages.every((p: { doc_id: string }) => p.doc_id !== mdId)).toBe(true); // Markdown has no pages
    const footer = library.sections.find((s: { doc_id: string; title: string }) => s.doc_id === mdId && /footer/i.test(s.title));
    expect(library.next_steps.options[0]).toMatch(new RegExp(`^get_node_content \\{doc_id: "${mdId}", node_ids: \\["${footer.node_id}"`));
    // The hint works as given.
    const read = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: mdId, node_ids: [footer.node_id] } }));
    expect(read.nodes[0].text).toMatch(/_includes/);
    const relevant = ok(await client.callTool({ name: "find_relevant_documents", arguments: { query: "override the footer of a theme" } }));
    expect(relevant.docs[0].id).toBe(mdId);
    expect(relevant.next_steps.options[0]).toMatch(new RegExp(`^get_node_content \\{doc_id: "${mdId}"`));
    // A PDF that wins still gets its pages.
    const pdf = ok(await client.callTool({ name: "search_documents", arguments: { query: "widget division revenue" } }));
    expect(pdf.documents[0].doc_id).toBe(ids.widgets);
    expect(pdf.next_steps.options[0]).toMatch(new RegExp(`^get_page_content \\{doc_id: "${ids.widgets}", pages: "\\d`));
  });
});
