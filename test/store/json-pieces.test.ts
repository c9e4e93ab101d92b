/**
 * Blobs written as JSON in pieces (src/store/json-pieces.ts): the text must be exactly
 * JSON.stringify's, whatever the value holds, and a large value must never be one string.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileBlobStore } from "../../src/store/blobs.ts";
import { jsonPieces } from "../../src/store/json-pieces.ts";

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const awkward = {
  text: "naïve 日本語 “quoted” \u2028 \\ \"",
  n: [0, -0, 1.5, NaN, Infinity, null, true],
  skipped: undefined,
  fn: () => 1,
  sym: Symbol("s"),
  date: new Date(0),
  custom: { toJSON: () => "custom" },
  gone: { toJSON: () => undefined },
  point: new Point(1, 2),
  map: new Map([["a", 1]]),
  bare: Object.assign(Object.create(null), { a: [1, { b: [2, undefined, () => 3, { toJSON: () => undefined }] }] }),
  holes: [1, , 3],
  "2": "integer keys come first",
  empty: { list: [], object: {} },
  nested: [[[["deep"]]], { a: { b: { c: { d: 1 } } } }],
};

describe("jsonPieces", () => {
  it("writes exactly what JSON.stringify writes, at every depth", () => {
    for (const value of [awkward, [awkward, [awkward]], { a: awkward }, [], {}, "text", 7, null, [undefined], { only: undefined }]) {
      for (const depth of [0, 1, 2, 3, 6]) expect([...jsonPieces(value, depth)].join("")).toBe(JSON.stringify(value));
    }
  });

  it("refuses a value without JSON text, as writing JSON.stringify's undefined would fail", () => {
    expect(() => [...jsonPieces(undefined)]).toThrow(TypeError);
    expect(() => [...jsonPieces(() => 1)]).toThrow(TypeError);
  });

  it("gives a large document's page texts and Markdown in pieces, never as one string", () => {
    const page = `${"Text of a page with an em dash — and quotes “like these”. ".repeat(60)}\n`;
    const value = {
      pages: Array.from({ length: 1200 }, (_, i) => ({ page_index: i + 1, markdown: `# Page ${i + 1}\n\n${page}`, ocr: false, images: [] })),
      nodes: Object.fromEntries(Array.from({ length: 800 }, (_, i) => [String(i).padStart(4, "0"), page])),
    };
    const whole = JSON.stringify(value);
    const pieces = [...jsonPieces(value)];
    expect(pieces.join("")).toBe(whole);
    expect(pieces.length).toBeGreaterThan(40);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(70 * 1024);
  });
});

describe("FileBlobStore.writeJson", () => {
  const homes: string[] = [];
  afterAll(async () => {
    for (const home of homes) await fs.rm(home, { recursive: true, force: true });
  });

  it("stores JSON.stringify's text, written in pieces", async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-json-pieces-"));
    homes.push(home);
    const blobs = new FileBlobStore(home, { durable: false });
    const value = { pages: Array.from({ length: 3000 }, (_, i) => `Page ${i} — ${"x".repeat(100)}`), awkward };
    await blobs.writeJson("doc_json", "pages.json", value);
    expect((await blobs.read("doc_json", "pages.json"))!.toString("utf8")).toBe(JSON.stringify(value));
    // Rewritten shorter: the blob is replaced, not overwritten in place.
    await blobs.writeJson("doc_json", "pages.json", { short: true });
    expect(await blobs.readJson("doc_json", "pages.json")).toEqual({ short: true });
  });
});
