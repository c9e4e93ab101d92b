// Word files, web pages, e-books, slides, ODT and text through POST /doc, /tree and ZIP
// import on the real server: recognised by content, indexed into exact trees, and read back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bombDocx, pagedDocx, reportDocx } from "../fixtures/formats/docx.ts";
import { buildEpub } from "../fixtures/formats/epub.ts";
import { buildOdt, pagedOdt } from "../fixtures/formats/odt.ts";
import { buildPptx } from "../fixtures/formats/pptx.ts";
import { buildZip } from "../fixtures/zip/zip-writer.ts";
import { json, startTestServer, uploadFile, waitForStatus, walkNodes, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const html = "<!doctype html><html><head><title>Pumps</title></head><body><nav>Menu</nav><main><h1>Centrifugal pumps</h1><p>Impellers spin.</p><h2>Priming</h2><p>Fill the casing first.</p></main></body></html>";
const deck = () => buildPptx([{ title: "Kickoff", bullets: ["Goals"] }, { title: "Budget", bullets: ["Forty thousand"], notes: ["Ask finance"] }]);
const odt = () => buildOdt('<text:h text:outline-level="1">Valves</text:h><text:p>Gate valves close slowly.</text:p>');
const epub = () => buildEpub({ title: "Manual", chapters: [{ file: "a.xhtml", body: "<h1>Start</h1><p>Begin here.</p>" }], nav: [{ title: "Start", href: "a.xhtml" }] });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function titles(nodes: any[]): string[] {
  const out: string[] = [];
  walkNodes(nodes, (n) => out.push(n.title));
  return out;
}

async function indexed(name: string, bytes: Uint8Array | string, route = "/doc") {
  const res = await uploadFile(server, name, bytes, {}, route);
  expect(res.status, await res.clone().text()).toBe(200);
  const { doc_id } = await json(res);
  const body = await waitForStatus(server, doc_id, { path: route });
  expect(body.status, body.error).toBe("completed");
  return { doc_id, body };
}

describe("documents of every format through POST /doc", () => {
  it("indexes a DOCX as one document (not a ZIP import), nodes with line_num", async () => {
    const { body } = await indexed("report.docx", await reportDocx());
    expect(body.toc_source).toBe("heading_styles");
    expect(titles(body.result)).toEqual(["Annual Report", "Overview", "Revenue", "By region", "Outlook"]);
    walkNodes(body.result, (n) => {
      expect(n).toMatchObject({ node_id: expect.stringMatching(/^\d{4}$/), line_num: expect.any(Number), text: expect.any(String) });
      expect(n).not.toHaveProperty("page_index");
    });
  });

  it("gives slides as pages: page_index on /doc, start_index/end_index on /tree, page content by slide", async () => {
    const { doc_id, body } = await indexed("kickoff.pptx", deck());
    expect(body.page_count).toBe(2);
    expect(body.result.map((n: { title: string; page_index: number }) => [n.title, n.page_index])).toEqual([["Kickoff", 1], ["Budget", 2]]);
    const older = await waitForStatus(server, doc_id, { path: "/tree", query: "?include_text=true" });
    expect(older.result[1]).toMatchObject({ title: "Budget", start_index: 2, end_index: 2 });
    const pages = await server.services.reader.pages(await server.services.users.ensureUser("alice"), doc_id, "2");
    expect(pages.pages[0]).toMatchObject({ page: 2, sections: [{ title: "Budget" }] });
    expect(pages.pages[0].text).toContain("Ask finance");
  });

  it("gives a DOCX with Word's recorded page breaks its pages", async () => {
    const { body } = await indexed("paged.docx", pagedDocx());
    expect(body.page_count).toBe(3);
    expect(body.result.map((n: { page_index: number }) => n.page_index)).toEqual([1, 2]);
  });

  it("gives an ODT with LibreOffice's soft page breaks its pages, read by get_page_content", async () => {
    const { doc_id, body } = await indexed("plant.odt", pagedOdt());
    expect(body.page_count).toBe(3);
    expect(body.result.map((n: { title: string; page_index: number }) => [n.title, n.page_index])).toEqual([["Pumps", 1], ["Valves", 2]]);
    const pages = await server.services.reader.pages(await server.services.users.ensureUser("alice"), doc_id, "3");
    expect(pages.pages[0]).toMatchObject({ page: 3, sections: [{ title: "Valves" }, { title: "Seals" }] });
    expect(pages.pages[0].text).toContain("Lip seals wear.");
  });

  it("indexes HTML, ODT, EPUB and text by content", async () => {
    const page = await indexed("pumps.html", html);
    expect(titles(page.body.result)).toEqual(["Centrifugal pumps", "Priming"]);
    expect(JSON.stringify(page.body.result)).not.toContain("Menu");
    expect(page.body.result[0].line_num).toBe(1);
    expect(titles((await indexed("valves.odt", odt())).body.result)).toEqual(["Valves"]);
    expect(titles((await indexed("manual.epub", epub(), "/tree")).body.result)).toEqual(["Start"]);
    expect(titles((await indexed("notes.txt", "INTRO\n\nHello there.\n")).body.result)).toEqual(["INTRO"]);
  });

  it("answers 422 for a PNG named .docx, saying what it looks like", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const res = await uploadFile(server, "report.docx", png);
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.detail[0].loc).toEqual(["body", "file"]);
    expect(body.detail[0].msg).toMatch(/named \.docx.*looks like a PNG image/);
  });

  it("refuses a DOCX whose document.xml inflates 1000:1 like a ZIP bomb (422, nothing stored)", async () => {
    const res = await uploadFile(server, "bomb.docx", bombDocx());
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0].msg).toMatch(/word\/document\.xml: Compression ratio \d+:1 exceeds 100:1/);
    const docs = await json(await server.api("/docs?name=bomb.docx"));
    expect(docs.documents).toEqual([]);
  });
});

describe("ZIP import of the new formats", () => {
  it("makes one document of each format (none imported as a folder) and reports a bomb DOCX as failed", async () => {
    const zip = buildZip([
      { name: "team/report.docx", data: await reportDocx() },
      { name: "team/kickoff.pptx", data: deck() },
      { name: "team/valves.odt", data: odt() },
      { name: "team/manual.epub", data: epub() },
      { name: "team/pumps.html", data: html },
      { name: "team/notes.txt", data: "INTRO\n\nHello there.\n" },
      { name: "team/bomb.docx", data: bombDocx() },
    ]);
    const res = await uploadFile(server, "team.zip", zip);
    expect(res.status).toBe(202);
    const result = await json(res);
    expect(result.items.map((i: { file_name: string }) => i.file_name).sort()).toEqual(["kickoff.pptx", "manual.epub", "notes.txt", "pumps.html", "report.docx", "valves.odt"]);
    expect(result.skipped).toEqual([]);
    expect(result.failed).toEqual([{ path: "team/bomb.docx", reason: "compression_ratio", detail: expect.stringMatching(/Compression ratio/) }]);
    // All six in one folder, each a document: no folder was made for any of the containers.
    expect(new Set(result.items.map((i: { folder_id: string }) => i.folder_id)).size).toBe(1);
    const folders = await json(await server.api(`/folders?parent_folder_id=${result.items[0].folder_id}`));
    expect(folders.folders).toEqual([]);
    for (const item of result.items) expect((await waitForStatus(server, item.doc_id)).status).toBe("completed");
  });
});
