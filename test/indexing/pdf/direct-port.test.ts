/**
 * The channel between pdfjs' API and its same-thread worker: messages are copied in
 * JavaScript instead of through structuredClone. What a receiver gets must not change when
 * the sender reuses its objects after sending, and a document read over it must give the same
 * text as pdfjs' own fake worker.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { DirectPort, copyMessage } from "../../../src/indexing/pdf/direct-port.ts";
import { openPdf } from "../../../src/indexing/pdf/document.ts";
import { pdfjs } from "../../../src/indexing/pdf/load-pdfjs.mjs";

const received = (port: DirectPort) =>
  new Promise<unknown>((resolve) => port.addEventListener("message", (event) => resolve(event.data)));

describe("DirectPort", () => {
  it("delivers a copy: arrays the sender truncates and refills after sending arrive as they were sent", async () => {
    const port = new DirectPort();
    const got = received(port);
    // An operator list chunk: pdfjs empties and refills the same arrays after sending one.
    const chunk = { fnArray: [1, 2], argsArray: [[0.5], null], lastChunk: false };
    port.postMessage({ stream: 4, chunk });
    chunk.fnArray.length = 0;
    chunk.argsArray.length = 0;
    chunk.fnArray.push(9);
    expect(await got).toEqual({ stream: 4, chunk: { fnArray: [1, 2], argsArray: [[0.5], null], lastChunk: false } });
  });

  it("hands text items over: the chunk, its items array and styles are the receiver's own, each item is the sender's", async () => {
    const port = new DirectPort();
    const got = received(port) as Promise<{ chunk: { items: unknown[]; styles: Record<string, unknown>; lang: string } }>;
    const item = { str: "Introduction", transform: [12, 0, 0, 12, 72, 700] };
    const chunk = { items: [item], styles: { f1: { fontFamily: "serif" } }, lang: "en" };
    port.postMessage({ stream: 4, streamId: 3, chunk });
    // What pdfjs does after enqueueing a text chunk: new items and styles for the next one.
    chunk.items.push({ str: "later", transform: [1, 0, 0, 1, 0, 0] });
    chunk.items = [];
    chunk.styles.f1.fontFamily = "sans-serif";
    chunk.styles = { f1: { fontFamily: "monospace" } };
    const out = await got;
    expect(out).toEqual({ stream: 4, streamId: 3, chunk: { items: [item], styles: { f1: { fontFamily: "serif" } }, lang: "en" } });
    expect(out.chunk.items[0]).toBe(item);
    expect(out.chunk).not.toBe(chunk);
  });

  it("delivers asynchronously and in order, like a worker's postMessage", async () => {
    const port = new DirectPort();
    const seen: unknown[] = [];
    port.addEventListener("message", (event) => seen.push(event.data));
    port.postMessage(1);
    port.postMessage(2);
    expect(seen).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([1, 2]);
    port.terminate();
    port.postMessage(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([1, 2]);
  });

  it("moves transferred buffers, leaving the sender's views empty, as a worker's postMessage does", async () => {
    const port = new DirectPort();
    const got = received(port) as Promise<{ data: Uint8Array; part: Uint8Array; kept: Uint8Array; n: number }>;
    const data = new Uint8Array([37, 80, 68, 70]);
    const kept = new Uint8Array([4, 5, 6]);
    port.postMessage({ data, part: data.subarray(1, 3), kept, n: 7 }, [data.buffer]);
    // Moved at once, not when delivered: the sender holds no second reference meanwhile.
    expect(data.byteLength).toBe(0);
    const out = await got;
    expect([...out.data]).toEqual([37, 80, 68, 70]);
    expect([...out.part]).toEqual([80, 68]);
    expect(out.part.buffer).toBe(out.data.buffer);
    expect(out.kept).not.toBe(kept);
    expect([...out.kept]).toEqual([4, 5, 6]);
    expect(kept.byteLength).toBe(3);
    expect(out.n).toBe(7);
  });

  it("copies buffers, and clones errors, maps and cycles as structuredClone would", () => {
    const kept = new Uint8Array([4, 5, 6]);
    const error = new TypeError("bad font");
    const cycle: Record<string, unknown> = { name: "loop" };
    cycle.self = cycle;
    const out = copyMessage({ kept, error, map: new Map([["a", 1]]), cycle, nothing: null, n: 7 }) as Record<string, unknown>;
    expect(out.kept).not.toBe(kept);
    expect(out.kept).toEqual(kept);
    expect(out.error).toBeInstanceOf(TypeError);
    expect(out.error).not.toBe(error);
    expect((out.error as Error).message).toBe("bad font");
    expect(out.map).toEqual(new Map([["a", 1]]));
    expect(((out.cycle as Record<string, unknown>).self as Record<string, unknown>).name).toBe("loop");
    expect(out).toMatchObject({ nothing: null, n: 7 });
    const proto = copyMessage(Object.assign(Object.create(null), { a: [1, { b: 2 }] })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(null);
    expect(proto.a).toEqual([1, { b: 2 }]);
  });

  it("reads a real PDF to exactly the text items pdfjs' own worker gives", async () => {
    const bytes = new Uint8Array(await readFile(new URL("../../fixtures/pdf/R-intro.pdf", import.meta.url)));
    const ours = await openPdf(bytes);
    const theirs = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false }).promise;
    try {
      expect(ours.doc.numPages).toBe(theirs.numPages);
      let items = 0;
      for (const n of [1, 2, 20, ours.doc.numPages]) {
        const a = await (await ours.doc.getPage(n)).getTextContent();
        const b = await (await theirs.getPage(n)).getTextContent();
        // Font ids name the document within its worker ("g_d0_f1"); ours has a worker of its own.
        const plain = (o: unknown) => JSON.parse(JSON.stringify(o).replace(/g_d\d+_/g, "g_"));
        expect(plain(a.items)).toEqual(plain(b.items));
        expect(plain(a.styles)).toEqual(plain(b.styles));
        items += a.items.length;
      }
      expect(items).toBeGreaterThan(100);
      expect(await ours.doc.getOutline()).toEqual(await theirs.getOutline());
    } finally {
      await ours.close();
      await theirs.destroy();
    }
  });

  it("opens a copy of the caller's bytes, or the bytes themselves when the caller hands them over", async () => {
    const bytes = new Uint8Array(await readFile(new URL("../../fixtures/pdf/R-intro.pdf", import.meta.url)));
    const size = bytes.byteLength;
    const copied = await openPdf(bytes);
    await copied.close();
    expect(bytes.byteLength).toBe(size);
    const handed = await openPdf(bytes, undefined, { transfer: true });
    try {
      // pdfjs holds the only reference to the file now (an index job keeps no second copy).
      expect(bytes.byteLength).toBe(0);
      expect((await (await handed.doc.getPage(1)).getTextContent()).items.length).toBeGreaterThan(0);
    } finally {
      await handed.close();
    }
  });
});
