/**
 * Input that used to slip through: each is answered 4xx with a clear JSON message, and
 * nothing is stored.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { json, startTestServer, uploadFile, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const postJson = (path: string, body: string | Uint8Array) =>
  server.api(path, { method: "POST", headers: { "content-type": "application/json" }, body });

/** A raw HTTP exchange, so the client does not refuse to send what we want to test. */
function rawRequest(request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => (answer += d));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(request);
  });
}

describe("hostile input", () => {
  it("invalid UTF-8 in a JSON body: 422, nothing stored", async () => {
    const bytes = new Uint8Array([...Buffer.from('{"name":"caf'), 0xc3, 0x28, ...Buffer.from('"}')]);
    const res = await postJson("/folder", bytes);
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0]).toMatchObject({ loc: ["body"], msg: expect.stringMatching(/not valid UTF-8/) });
    expect((await json(await server.api("/folders"))).folders).toEqual([]);
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["newline", "two\nlines"],
    ["right-to-left override", "invoice\u202Efdp.exe"],
    ["first strong isolate", "x\u2068y"],
  ])("a folder name with a %s character: 422 naming the character", async (_what, name) => {
    const res = await postJson("/folder", JSON.stringify({ name }));
    expect(res.status).toBe(422);
    const detail = (await json(res)).detail[0];
    expect(detail.loc).toEqual(["body", "name"]);
    expect(detail.msg).toMatch(/control or bidirectional-override characters \(found U\+[0-9A-F]{4}\)/);
  });

  it("a file name with a right-to-left override: 422, no document", async () => {
    const res = await uploadFile(server, "report\u202Efdp.exe", await twoChapterPdf());
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0].msg).toMatch(/U\+202E/);
    expect((await json(await server.api("/docs"))).documents).toEqual([]);
  });

  it("JSON nested 100,000 deep: 422 naming the limit", async () => {
    const deep = `{"name":"x","description":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const res = await postJson("/folder", deep);
    expect(res.status).toBe(422);
    expect((await json(res)).detail[0].msg).toMatch(/nested more than 64 levels deep; the limit is 64/);
  });

  it("metadata nested too deep in an upload form field: 422", async () => {
    let nested = "1";
    for (let i = 0; i < 100; i++) nested = `{"a":${nested}}`;
    const res = await uploadFile(server, "deep.pdf", await twoChapterPdf(), { metadata: nested });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await json(res))).toMatch(/the limit is 64/);
  });

  it("a 200 KB query string: 414 with a JSON body", async () => {
    const answer = await rawRequest(`GET /docs?name=${"a".repeat(200_000)} HTTP/1.1\r\nHost: x\r\napi_key: ${server.key}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 414 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).detail).toMatch(/request line \(URL\) exceeds/);
  });

  it("a 200 KB header: 431 with a JSON body", async () => {
    const answer = await rawRequest(`GET /docs HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(200_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).detail).toMatch(/headers exceed/);
  });

  it("a long URL through fetch is answered, not reset", async () => {
    const res = await server.api(`/docs?name=${"a".repeat(200_000)}`);
    expect(res.status).toBe(414);
    expect((await json(res)).detail).toMatch(/URL/);
  });

  it.each([
    ["metadata_filter", '{"__proto__":{"$eq":1}}'],
    ["metadata_filter", '{"constructor":1}'],
    ["metadata_filter", '{"$or":[{"a.prototype":1}]}'],
    ["sort", '{"__proto__":1}'],
    ["group_by", '["constructor"]'],
    ["aggregates", '{"n":{"$sum":"__proto__"}}'],
  ])("%s=%s: 422", async (param, value) => {
    const extra = param === "group_by" ? "&aggregates=" + encodeURIComponent('{"n":{"$count":{}}}') : "";
    const res = await server.api(`/docs?${param}=${encodeURIComponent(value)}${extra}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await json(res))).toMatch(/Invalid .*field|field name|metadata field/);
  });
});
