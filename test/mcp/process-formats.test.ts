// MCP process_document on a local .docx, .epub, .pptx and .html, and on an HTML page served
// by a loopback web server: each indexed, searchable, and cited in the documented form
// (<doc=FILE;page=N> where pages are known, <doc=FILE;section=NODE_ID> otherwise).
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportDocx } from "../fixtures/formats/docx.ts";
import { buildEpub } from "../fixtures/formats/epub.ts";
import { buildPptx } from "../fixtures/formats/pptx.ts";
import { json, makeTempHome, startTestServer, type TestServer } from "../helpers/server.ts";
import { connectInMemory, ok } from "./harness.ts";

const WEB_PAGE = "<!doctype html><html><head><title>Lathe safety</title></head><body><header>Site banner</header><main><h1>Lathe safety</h1><p>Intro.</p><h2>Chuck keys</h2><p>Never leave the chuck key in the lathe chuck.</p></main></body></html>";

let server: TestServer;
let client: Client;
let web: http.Server;
let base: string;
let root: string;

beforeAll(async () => {
  root = await makeTempHome("treeindex-formats-");
  server = await startTestServer({ TREEINDEX_ALLOWED_ROOTS: root });
  const user = await server.services.users.ensureUser("alice");
  client = await connectInMemory({ services: server.services, user });
  await fs.writeFile(path.join(root, "report.docx"), await reportDocx());
  await fs.writeFile(
    path.join(root, "manual.epub"),
    buildEpub({
      title: "Drill Manual",
      chapters: [
        { file: "c1.xhtml", body: "<h1>Bits</h1><p>Cobalt bits drill stainless steel.</p>" },
        { file: "c2.xhtml", body: "<h1>Speeds</h1><p>Slow speeds suit large holes.</p>" },
      ],
      nav: [{ title: "Bits", href: "c1.xhtml" }, { title: "Speeds", href: "c2.xhtml" }],
    }),
  );
  await fs.writeFile(path.join(root, "kickoff.pptx"), buildPptx([{ title: "Kickoff", bullets: ["Welcome"] }, { title: "Budget", bullets: ["The budget is forty thousand euros"], notes: ["Ask finance about euros"] }]));
  await fs.writeFile(path.join(root, "press.html"), "<html><body><h1>Press</h1><p>Hydraulic presses need guards.</p></body></html>");
  web = http.createServer((req, res) => {
    if (req.url === "/guides/lathe") res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(WEB_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await client?.close();
  web?.close();
  await server?.close();
  await fs.rm(root, { recursive: true, force: true });
});

async function processed(location: string): Promise<{ doc_id: string; name: string }> {
  const done = ok(await client.callTool({ name: "process_document", arguments: { path: location, wait_for_completion: true } }));
  expect(done.status, done.error).toBe("completed");
  return done;
}

async function citedAnswer(docId: string, question: string): Promise<string> {
  const res = await server.api("/chat/completions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: question }], doc_id: docId, enable_citations: true }),
  });
  return (await json(res)).choices[0].message.content;
}

async function searched(docId: string, query: string) {
  return ok(await client.callTool({ name: "search_documents", arguments: { doc_id: docId, query, full: true } }));
}

describe("process_document on the new formats", () => {
  it("indexes a local .docx: searchable, cited by section (no pages recorded)", async () => {
    const doc = await processed(path.join(root, "report.docx"));
    const found = await searched(doc.doc_id, "turbine line");
    expect(found.sections[0]).toMatchObject({ title: "Outlook", line_num: expect.any(Number) });
    const outlook = found.sections[0].node_id;
    expect(await citedAnswer(doc.doc_id, "What about the turbine line?")).toContain(`<doc=report.docx;section=${outlook}>`);
  });

  it("indexes a local .epub: searchable, cited by section", async () => {
    const doc = await processed(path.join(root, "manual.epub"));
    const found = await searched(doc.doc_id, "stainless steel");
    expect(found.sections[0].title).toBe("Bits");
    expect(await citedAnswer(doc.doc_id, "Which bits drill stainless steel?")).toContain(`<doc=manual.epub;section=${found.sections[0].node_id}>`);
  });

  it("indexes a local .pptx: slides are pages, searchable (notes too), cited by slide", async () => {
    const doc = await processed(path.join(root, "kickoff.pptx"));
    const structure = ok(await client.callTool({ name: "get_document_structure", arguments: { doc_id: doc.doc_id } }));
    expect(structure.page_count).toBe(2);
    expect(structure.structure.map((n: { title: string; start_index: number }) => [n.title, n.start_index])).toEqual([["Kickoff", 1], ["Budget", 2]]);
    const page = ok(await client.callTool({ name: "get_page_content", arguments: { doc_id: doc.doc_id, pages: "2" } }));
    expect(page.content[0].text).toContain("Ask finance about euros");
    const found = await searched(doc.doc_id, "budget euros");
    expect(found.pages[0].page).toBe(2);
    expect(await citedAnswer(doc.doc_id, "How large is the budget in euros?")).toContain("<doc=kickoff.pptx;page=2>");
  });

  it("indexes a local .html file and an HTML URL as web pages, cited by section", async () => {
    const local = await processed(path.join(root, "press.html"));
    expect((await searched(local.doc_id, "hydraulic guards")).sections[0].title).toBe("Press");
    const remote = await processed(`${base}/guides/lathe`);
    expect(remote.name).toBe("lathe.html");
    const stored = await server.services.documents.get(await server.services.users.ensureUser("alice"), remote.doc_id);
    expect(stored.format).toBe("html");
    const found = await searched(remote.doc_id, "chuck key");
    expect(found.sections[0].title).toBe("Chuck keys");
    const content = ok(await client.callTool({ name: "get_node_content", arguments: { doc_id: remote.doc_id, node_ids: [found.sections[0].node_id] } }));
    expect(content.nodes[0].text).toBe("## Chuck keys\n\nNever leave the chuck key in the lathe chuck.");
    expect(JSON.stringify(content)).not.toContain("Site banner");
    expect(await citedAnswer(remote.doc_id, "Where must the chuck key never be left?")).toContain(`<doc=lathe.html;section=${found.sections[0].node_id}>`);
  });
});
