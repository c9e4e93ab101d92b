import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../../src/core/services.ts";
import type { UserRecord } from "../../src/store/index.ts";
import { buildZip } from "../fixtures/zip/zip-writer.ts";
import { makeTempHome } from "../helpers/server.ts";
import { startServices } from "../helpers/indexed.ts";
import { connectInMemory, failed, ok } from "./harness.ts";

const ALL_TOOLS = [
  "create_folder", "delete_folder", "delete_metadata_schema", "find_relevant_documents", "get_document", "get_document_image",
  "get_document_structure", "get_metadata_schema", "get_node_content", "get_ocr", "get_page_content", "health", "list_documents",
  "list_folders", "markdown_to_tree", "process_document", "recent_documents", "remove_document", "search_documents",
  "set_document_metadata", "set_metadata_schema", "sync_folder", "sync_status",
];

describe("MCP tools over an in-process client", () => {
  let env: Awaited<ReturnType<typeof startServices>>;
  let services: Services;
  let user: UserRecord;
  let client: Client;
  let root: string;
  let outside: string;
  let pdfPath: string;
  let mdPath: string;
  let docId: string;

  beforeAll(async () => {
    root = await makeTempHome("treeindex-root-");
    outside = await makeTempHome("treeindex-outside-");
    pdfPath = path.join(root, "R-data.pdf");
    mdPath = path.join(root, "notes.md");
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", pdfPath);
    await fs.copyFile("test/fixtures/markdown/structure.md", mdPath);
    await fs.copyFile("test/fixtures/pdf/R-data.pdf", path.join(outside, "secret.pdf"));
    await fs.symlink(path.join(outside, "secret.pdf"), path.join(root, "link.pdf"));
    // A spreadsheet export: text, but no format treeindex reads (plain .txt is, since issue #38).
    await fs.writeFile(path.join(root, "plain.csv"), "just,some,cells\n1,2,3\n");
    env = await startServices({ TREEINDEX_ALLOWED_ROOTS: root });
    services = env.services;
    user = await services.users.ensureUser("local");
    client = await connectInMemory({ services, user });
    const processed = ok(await client.callTool({ name: "process_document", arguments: { path: pdfPath, wait_for_completion: true } }));
    expect(processed.status).toBe("completed");
    docId = processed.doc_id;
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await env?.close();
    await fs.rm(root, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  it("lists every tool with title, annotations and input/output schemas, and sends instructions", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.title).toBeTruthy();
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.outputSchema?.properties).toHaveProperty("next_steps");
      expect(tool.inputSchema.type).toBe("object");
      expect(typeof tool.annotations?.readOnlyHint).toBe("boolean");
      expect(typeof tool.annotations?.destructiveHint).toBe("boolean");
      expect(typeof tool.annotations?.idempotentHint).toBe("boolean");
    }
    // The list is built once and kept: the same answer every time, on every server instance.
    expect((await client.listTools()).tools).toEqual(tools);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.remove_document.annotations?.destructiveHint).toBe(true);
    expect(byName.get_page_content.annotations?.readOnlyHint).toBe(true);
    expect(client.getInstructions()).toMatch(/get_document_structure/);
    expect(client.getInstructions()).toMatch(/cite pages/);
  });

  it("health", async () => {
    const health = ok(await client.callTool({ name: "health", arguments: {} }));
    expect(health).toMatchObject({ status: "ok", version: "0.1.0" });
  });

  it("process_document refuses paths outside the allowed roots, relative paths, URLs, missing files, symlink escapes, unknown formats", async () => {
    const call = (p: string) => client.callTool({ name: "process_document", arguments: { path: p } });
    expect(failed(await call(path.join(outside, "secret.pdf")), "FORBIDDEN_PATH").error).toMatch(/outside the allowed folders/);
    failed(await call(path.join(root, "..", path.basename(outside), "secret.pdf")), "FORBIDDEN_PATH");
    failed(await call(path.join(root, "link.pdf")), "FORBIDDEN_PATH");
    failed(await call("R-data.pdf"), "INVALID_INPUT");
    failed(await call("https://example.com/a.pdf"), "INVALID_INPUT");
    failed(await call(path.join(root, "missing.pdf")), "NOT_FOUND");
    failed(await call(root), "INVALID_INPUT");
    expect(failed(await call(path.join(root, "plain.csv")), "INVALID_INPUT").error).toMatch(/Unsupported file/);
    // Bad input is INVALID_INPUT, never INTERNAL.
    expect(failed(await call(`${pdfPath}\u0000.txt`), "INVALID_INPUT").error).toMatch(/NUL/);
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    expect(failed(await client.callTool({ name: "process_document", arguments: { path: pdfPath, metadata: deep as Record<string, unknown> } }), "INVALID_INPUT").error).toMatch(/the limit is 64/);
  });

  it("process_document imports a ZIP archive: a folder and one queued document per PDF/Markdown entry", async () => {
    const pdf = await fs.readFile(pdfPath);
    await fs.writeFile(path.join(root, "batch.zip"), buildZip([{ name: "a/one.pdf", data: pdf }, { name: "b.md", data: "# B\n\ntext\n" }, { name: "c.png", data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]));
    const imported = ok(await client.callTool({ name: "process_document", arguments: { path: path.join(root, "batch.zip") } }));
    expect(imported.doc_id).toBeUndefined();
    expect(imported.zip.items.map((i: { file_name: string }) => i.file_name).sort()).toEqual(["b.md", "one.pdf"]);
    expect(imported.zip.skipped).toEqual([{ path: "c.png", reason: "unsupported_format" }]);
    expect(imported.next_steps.options[0]).toContain(imported.zip.root_folder_id);
    for (const item of imported.zip.items) ok(await client.callTool({ name: "get_document", arguments: { doc_id: item.doc_id, wait_for_completion: true } }));
    ok(await client.callTool({ name: "delete_folder", arguments: { folder_id: imported.zip.root_folder_id } }));
  });

  it("process_document with no allowed roots configured says how to allow one; a file over the upload limit is TOO_LARGE", async () => {
    const bare = await startServices();
    const small = await startServices({ TREEINDEX_ALLOWED_ROOTS: root, TREEINDEX_MAX_UPLOAD_MB: "0.1" });
    try {
      const other = await connectInMemory({ services: bare.services, user: await bare.services.users.ensureUser("local") });
      const body = failed(await other.callTool({ name: "process_document", arguments: { path: pdfPath } }), "FORBIDDEN_PATH");
      expect(body.error).toMatch(/TREEINDEX_ALLOWED_ROOTS/);
      await other.close();
      const limited = await connectInMemory({ services: small.services, user: await small.services.users.ensureUser("local") });
      expect(failed(await limited.callTool({ name: "process_document", arguments: { path: pdfPath } }), "TOO_LARGE").error).toMatch(/limit/);
      await limited.close();
    } finally {
      await bare.close();
      await small.close();
    }
  });

  it("process_document accepts a file:// URL, answers at once, and sends progress while waiting when given a token", async () => {
    const started = ok(await client.callTool({ name: "process_document", arguments: { path: pathToFileURL(mdPath).href } }));
    expect(started.name).toBe("notes.md");
    expect(["queued", "processing", "completed"]).toContain(started.status);
    const notes: { progress: number; total?: number; message?: string }[] = [];
    const waited = ok(
      await client.callTool(
        { name: "process_document", arguments: { path: path.join(root, "R-data.pdf"), metadata: { copy: 2 } } },
        undefined,
        { onprogress: (p) => notes.push(p) },
      ),
    );
    expect(waited.status).toBe("completed");
    expect(waited.waited_s).toBeGreaterThanOrEqual(0);
    expect(notes.length).toBeGreaterThan(0);
    // A bar can be drawn: the count grows, never passes its total, and ends full (in pages).
    for (let i = 1; i < notes.length; i++) expect(notes[i].progress).toBeGreaterThan(notes[i - 1].progress);
    for (const n of notes) if (n.total !== undefined) expect(n.progress).toBeLessThanOrEqual(n.total);
    const last = notes[notes.length - 1];
    expect(last.total).toBe(last.progress);
    expect(last.total).toBeGreaterThanOrEqual(41);
    expect(last.message).toMatch(/completed/);
    const progress = notes.map((n) => n.message ?? "");
    // R-data.pdf is taken in this folder (the root): the copy is stored as R-data_1.pdf, so
    // both names find one document each.
    expect(waited.name).toBe("R-data_1.pdf");
    expect(progress[0]).toMatch(/R-data_1\.pdf: (queued|processing)/);
    expect(ok(await client.callTool({ name: "get_document", arguments: { doc_name: "R-data" } })).doc_id).toBe(docId);
    expect(ok(await client.callTool({ name: "get_document", arguments: { doc_name: "R-data_1.pdf" } })).doc_id).toBe(waited.doc_id);
    ok(await client.callTool({ name: "remove_document", arguments: { doc_id: waited.doc_id } }));
  });

  it("get_document by id and by unique name; errors for unknown ids and missing refs", async () => {
    const byId = ok(await client.callTool({ name: "get_document", arguments: { doc_id: docId } }));
    expect(byId).toMatchObject({ doc_id: docId, name: "R-data.pdf", status: "completed", retrieval_ready: true, page_count: 41, format: "pdf", toc_source: "outline" });
    expect(byId.next_steps.options.join(" ")).toMatch(/get_document_structure/);
    const byName = ok(await client.callTool({ name: "get_document", arguments: { doc_name: "R-data.pdf" } }));
    expect(byName.doc_id).toBe(docId);
    failed(await client.callTool({ name: "get_document", arguments: { doc_id: "doc_nope" } }), "NOT_FOUND");
    failed(await client.callTool({ name: "get_document", arguments: { doc_name: "nothing-like-this" } }), "NOT_FOUND");
    failed(await client.callTool({ name: "get_document", arguments: {} }), "INVALID_INPUT");
  });

  it("get_document wait_for_completion answers with the current status when the wait limit passes; reads say NOT_READY", async () => {
    const impatient = await connectInMemory({ services, user, waitLimitMs: 50 });
    const started = ok(await impatient.callTool({ name: "process_document", arguments: { path: pdfPath } }));
    const first = ok(await impatient.callTool({ name: "get_document", arguments: { doc_id: started.doc_id, wait_for_completion: true } }));
    expect(first.still_waiting).toBe(true);
    expect(["queued", "processing"]).toContain(first.status);
    expect(first.next_steps.options.join(" ")).toMatch(/wait_for_completion/);
    failed(await impatient.callTool({ name: "get_document_structure", arguments: { doc_id: started.doc_id } }), "NOT_READY");
    failed(await impatient.callTool({ name: "get_page_content", arguments: { doc_id: started.doc_id, pages: "1" } }), "NOT_READY");
    ok(await impatient.callTool({ name: "remove_document", arguments: { doc_id: started.doc_id } }));
    await impatient.close();
  });

  it("recent_documents lists newest first", async () => {
    const recent = ok(await client.callTool({ name: "recent_documents", arguments: { limit: 50 } }));
    expect(recent.docs.map((d: { id: string }) => d.id)).toContain(docId);
    const times = recent.docs.map((d: { createdAt: string }) => d.createdAt);
    // Each document once, each text once (no second list of the same documents).
    expect(Object.keys(recent)).not.toContain("documents");
    expect(recent.docs[0]).toMatchObject({ format: expect.any(String), retrieval_ready: expect.any(Boolean), metadata: expect.any(Object) });
    expect([...times].sort().reverse()).toEqual(times);
    failed(await client.callTool({ name: "recent_documents", arguments: { limit: 0 } }), "INVALID_INPUT");
  });

  it("get_document_structure: whole tree without text, max_depth, node_id; errors", async () => {
    const full = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, full: true } }));
    expect(full).toMatchObject({ doc_id: docId, format: "pdf", page_count: 41, part: 1, parts: 1 });
    expect(JSON.stringify(full.structure)).not.toMatch(/"text"/);
    // The default is compact: the same outline (R-data is small, so all levels) without empty nodes arrays.
    const compact = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId } }));
    expect(JSON.stringify(compact.structure)).not.toContain('"nodes":[]');
    expect(JSON.stringify(compact.structure).length).toBeLessThan(JSON.stringify(full.structure).length);
    expect(JSON.stringify(compact.structure).replace(/,"nodes":\[\]/g, "")).toBe(JSON.stringify(full.structure).replace(/,"nodes":\[\]/g, ""));
    const shallow = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_name: "R-data", max_depth: 1 } }));
    expect(shallow.structure.every((n: { nodes?: unknown[] }) => n.nodes === undefined)).toBe(true);
    expect(shallow.structure.some((n: { hidden_children?: number }) => (n.hidden_children ?? 0) > 0)).toBe(true);
    const parent = full.structure.find((n: { nodes: unknown[] }) => n.nodes.length > 0);
    const sub = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, node_id: parent.node_id } }));
    expect(sub.structure[0].node_id).toBe(parent.node_id);
    failed(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, node_id: "9999" } }), "NOT_FOUND");
    const bad = failed(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, node_id: "abc" } }), "INVALID_INPUT");
    expect(bad.error).toMatch(/node ids look like/);
    failed(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId, part: 3 } }), "INVALID_INPUT");
  });

  it("get_page_content: pages with sections; a bad spec names the valid forms", async () => {
    const pages = ok(await client.callTool({ name: "get_page_content", arguments: { doc_id: docId, pages: "1-2,5" } }));
    expect(pages.content.map((p: { page: number }) => p.page)).toEqual([1, 2, 5]);
    expect(pages.content[0].text).toMatch(/R Data Import\/Export/);
    expect(pages.content[0].sections.length).toBeGreaterThan(0);
    // Each page's text once in the answer (the SDK's content[]; no second pages[] list).
    expect(pages.pages).toBeUndefined();
    const texts = pages.content.map((p: { text: string }) => p.text);
    for (const text of texts) expect(JSON.stringify(pages).split(JSON.stringify(text).slice(1, 200)).length - 1).toBe(1);
    expect(pages.next_steps.options.join(" ")).toMatch(/cite/);
    const bad = failed(await client.callTool({ name: "get_page_content", arguments: { doc_id: docId, pages: "7-3" } }), "INVALID_INPUT");
    expect(bad.error).toMatch(/runs backwards/);
    failed(await client.callTool({ name: "get_page_content", arguments: { doc_id: docId, pages: "100" } }), "INVALID_INPUT");
  });

  it("get_node_content: own text, children on request; unknown node", async () => {
    const structure = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: docId } }));
    const parent = structure.structure.find((n: { nodes?: unknown[] }) => (n.nodes?.length ?? 0) > 0);
    const own = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: docId, node_ids: [parent.node_id] } }));
    expect(own.nodes[0]).toMatchObject({ node_id: parent.node_id, title: parent.title });
    expect(own.nodes[0].children).toBeUndefined();
    const all = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: docId, node_ids: [parent.node_id], include_children: true } }));
    expect(all.nodes[0].children.length).toBeGreaterThanOrEqual(parent.nodes.length);
    failed(await client.callTool({ name: "get_node_content", arguments: { doc_id: docId, node_ids: ["0000", "8888"] } }), "NOT_FOUND");
    failed(await client.callTool({ name: "get_node_content", arguments: { doc_id: docId, node_ids: [] } }), "INVALID_INPUT");
  });

  it("Markdown documents: structure with line_num; page content is refused with a hint", async () => {
    const md = ok(await client.callTool({ name: "process_document", arguments: { path: mdPath, wait_for_completion: true } }));
    expect(md.status).toBe("completed");
    const structure = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: md.doc_id } }));
    expect(structure.format).toBe("markdown");
    expect(structure.structure.some((n: { line_num?: number }) => typeof n.line_num === "number")).toBe(true);
    const refused = failed(await client.callTool({ name: "get_page_content", arguments: { doc_id: md.doc_id, pages: "1" } }), "INVALID_INPUT");
    expect(refused.error).toMatch(/Markdown/);
    const nodes = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: md.doc_id, node_ids: [structure.structure[0].node_id] } }));
    expect(nodes.nodes[0].line_num).toBeGreaterThan(0);
    ok(await client.callTool({ name: "remove_document", arguments: { doc_id: md.doc_id } }));
  });

  it("markdown_to_tree from content and from an allowed path; errors", async () => {
    const fromContent = ok(await client.callTool({ name: "markdown_to_tree", arguments: { content: "# A\n\ntext a\n\n## B\n\ntext b\n", file_name: "x.md" } }));
    expect(fromContent).toMatchObject({ success: true, doc_name: "x" });
    expect(fromContent.structure[0]).toMatchObject({ title: "A", line_num: 1 });
    expect(fromContent.structure[0].nodes[0]).toMatchObject({ title: "B", line_num: 5 });
    const fromPath = ok(await client.callTool({ name: "markdown_to_tree", arguments: { path: mdPath, add_node_text: false } }));
    expect(fromPath.doc_name).toBe("notes");
    expect(JSON.stringify(fromPath.structure)).not.toMatch(/"text"/);
    failed(await client.callTool({ name: "markdown_to_tree", arguments: {} }), "INVALID_INPUT");
    failed(await client.callTool({ name: "markdown_to_tree", arguments: { path: path.join(outside, "x.md") } }), "FORBIDDEN_PATH");
  });

  it("set_document_metadata replaces metadata; unknown doc", async () => {
    const updated = ok(await client.callTool({ name: "set_document_metadata", arguments: { doc_id: docId, metadata: { year: 2024, tags: ["r"] } } }));
    expect(updated.metadata).toEqual({ year: 2024, tags: ["r"] });
    failed(await client.callTool({ name: "set_document_metadata", arguments: { doc_id: "doc_missing", metadata: {} } }), "NOT_FOUND");
    failed(await client.callTool({ name: "set_document_metadata", arguments: { doc_id: docId, metadata: "nope" } }), "INVALID_INPUT");
  });

  it("folders: create, list, file a document, delete blocked while indexing (CONFLICT with counts), delete", async () => {
    const ws = ok(await client.callTool({ name: "create_folder", arguments: { name: "Work" } }));
    const sub = ok(await client.callTool({ name: "create_folder", arguments: { name: "Reports", parent_folder_id: ws.id } }));
    expect(sub.workspace_id).toBe(ws.id);
    failed(await client.callTool({ name: "create_folder", arguments: { name: "x", parent_folder_id: "fld_missing" } }), "NOT_FOUND");
    failed(await client.callTool({ name: "create_folder", arguments: { name: "  " } }), "INVALID_INPUT");
    const roots = ok(await client.callTool({ name: "list_folders", arguments: { parent_folder_id: "root" } }));
    expect(roots.folders.map((f: { id: string }) => f.id)).toEqual([ws.id]);
    failed(await client.callTool({ name: "list_folders", arguments: { parent_folder_id: "fld_missing" } }), "NOT_FOUND");

    const filed = ok(await client.callTool({ name: "process_document", arguments: { path: pdfPath, folder_id: sub.id } }));
    const blocked = failed(await client.callTool({ name: "delete_folder", arguments: { folder_id: ws.id } }), "CONFLICT");
    expect(blocked.details).toMatchObject({ survived: { documents: 1 } });
    await services.runner.cancelForDocument(filed.doc_id).catch(() => undefined);
    ok(await client.callTool({ name: "remove_document", arguments: { doc_id: filed.doc_id } }));
    const deleted = ok(await client.callTool({ name: "delete_folder", arguments: { folder_id: ws.id } }));
    expect(deleted.deleted.folders).toBe(2);
    failed(await client.callTool({ name: "delete_folder", arguments: { folder_id: ws.id } }), "NOT_FOUND");
  });

  it("remove_document deletes; a second call is NOT_FOUND; another user never sees the document", async () => {
    const extra = ok(await client.callTool({ name: "process_document", arguments: { path: pdfPath, wait_for_completion: true } }));
    const bob = await connectInMemory({ services, user: await services.users.ensureUser("bob") });
    failed(await bob.callTool({ name: "get_document", arguments: { doc_id: extra.doc_id } }), "NOT_FOUND");
    failed(await bob.callTool({ name: "remove_document", arguments: { doc_id: extra.doc_id } }), "NOT_FOUND");
    expect(ok(await bob.callTool({ name: "recent_documents", arguments: {} })).total_shown).toBe(0);
    await bob.close();
    const removed = ok(await client.callTool({ name: "remove_document", arguments: { doc_id: extra.doc_id } }));
    expect(removed).toMatchObject({ doc_id: extra.doc_id, deleted: true });
    failed(await client.callTool({ name: "remove_document", arguments: { doc_id: extra.doc_id } }), "NOT_FOUND");
  });

  it("an unknown tool is an error with next_steps", async () => {
    failed(await client.callTool({ name: "no_such_tool", arguments: {} }), "NOT_FOUND");
  });

  it("resources: tree and page templates, listing and id completion", async () => {
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(["treeindex://doc/{doc_id}/page/{page}", "treeindex://doc/{doc_id}/tree"]);
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain(`treeindex://doc/${docId}/tree`);
    const tree = await client.readResource({ uri: `treeindex://doc/${docId}/tree` });
    expect(JSON.parse((tree.contents[0] as { text: string }).text)).toMatchObject({ doc_id: docId, page_count: 41 });
    const page = await client.readResource({ uri: `treeindex://doc/${docId}/page/1` });
    expect((page.contents[0] as { text: string }).text).toMatch(/R Data Import\/Export/);
    await expect(client.readResource({ uri: `treeindex://doc/${docId}/page/99` })).rejects.toThrow(/41 page/);
    const completion = await client.complete({ ref: { type: "ref/resource", uri: "treeindex://doc/{doc_id}/tree" }, argument: { name: "doc_id", value: docId.slice(0, 6) } });
    expect(completion.completion.values).toContain(docId);
  });

  it("prompt: answer_from_document tells the model to read the structure and cite pages", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("answer_from_document");
    const prompt = await client.getPrompt({ name: "answer_from_document", arguments: { doc_id: docId, question: "How do I read a CSV file?" } });
    const text = (prompt.messages[0].content as { text: string }).text;
    expect(text).toContain("How do I read a CSV file?");
    expect(text).toContain(`get_document_structure {doc_id: "${docId}"}`);
    expect(text).toMatch(/cite its page/);
    const completion = await client.complete({ ref: { type: "ref/prompt", name: "answer_from_document" }, argument: { name: "doc_id", value: "doc_" } });
    expect(completion.completion.values).toContain(docId);
  });
});
