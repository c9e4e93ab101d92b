/**
 * Bad input must reject quickly with the right PdfError code and a readable message, never
 * hang and never leave a half-built tree.
 */
import { readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { countPdfPages, indexPdf, PdfError } from "../../../src/indexing/pdf/index.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/pdf/${name}`, import.meta.url)));
const rData = fixture("R-data.pdf");

async function rejection(p: Promise<unknown>): Promise<PdfError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "expected a rejection").toBeInstanceOf(PdfError);
  return err as PdfError;
}

/** R-data keeps its cross-reference table in an xref stream; overwrite that stream's data. */
function garbleXrefStream(bytes: Uint8Array): Uint8Array {
  const b = Buffer.from(bytes);
  const text = b.toString("latin1");
  const at = text.lastIndexOf("/Type /XRef");
  const start = text.indexOf("stream", at) + "stream\n".length;
  const end = text.indexOf("endstream", start);
  expect(at).toBeGreaterThan(0);
  b.fill(0x41, start, end);
  return new Uint8Array(b);
}

describe("bad input", () => {
  it("zero bytes -> empty", async () => {
    const e = await rejection(indexPdf(new Uint8Array(0)));
    expect(e.code).toBe("empty");
    expect(e.message).toMatch(/empty/i);
  });

  it("PNG bytes named .pdf -> not_pdf", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(64).fill(7)]);
    const e = await rejection(indexPdf(png));
    expect(e.code).toBe("not_pdf");
  });

  it("%PDF further than 1024 bytes in -> not_pdf; junk before it within the window is tolerated", async () => {
    const late = new Uint8Array(2000 + rData.length);
    late.fill(0x20, 0, 2000);
    late.set(rData, 2000);
    expect((await rejection(indexPdf(late))).code).toBe("not_pdf");
    const early = new Uint8Array(100 + rData.length);
    early.fill(0x20, 0, 100);
    early.set(rData, 100);
    expect((await indexPdf(early)).pageCount).toBe(41);
  });

  it("a header and nothing else -> corrupt", async () => {
    const e = await rejection(indexPdf(new TextEncoder().encode("%PDF-1.7\n%\xe2\xe3\n1 0 obj\n<<")));
    expect(e.code).toBe("corrupt");
    expect(e.message).toMatch(/^PDF is corrupt or unreadable/);
  });

  it("first half of R-data (truncated) -> corrupt", async () => {
    const e = await rejection(indexPdf(rData.slice(0, Math.floor(rData.length / 2))));
    expect(e.code).toBe("corrupt");
  }, 20_000);

  it("broken cross-reference stream -> corrupt", async () => {
    const e = await rejection(indexPdf(garbleXrefStream(rData)));
    expect(e.code).toBe("corrupt");
    expect(e.message).not.toMatch(/\n\s+at /); // no stack trace in the message
  }, 20_000);

  it("wrong xref offsets that can be rebuilt by scanning are repaired, like any reader does", async () => {
    // Decision: pdfjs reconstructs a damaged classic xref table from the objects themselves;
    // such a file is readable, so it is indexed rather than failed.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 3; i++) doc.addPage().drawText(`Readable page ${i + 1}`, { x: 50, y: 700, font, size: 12 });
    const text = Buffer.from(await doc.save({ useObjectStreams: false })).toString("latin1");
    const mangled = text.replace(/\n(\d{10}) (\d{5}) n/g, (_m, off: string, gen: string) => `\n${String((Number(off) * 7919 + 13) % 1e10).padStart(10, "0")} ${gen} n`);
    expect(mangled).not.toBe(text);
    const res = await indexPdf(new Uint8Array(Buffer.from(mangled, "latin1")));
    expect(res.pageCount).toBe(3);
    expect(res.tree.map((n) => n.text).join("\n")).toContain("Readable page 2");
  }, 20_000);

  it("password protected -> encrypted", async () => {
    const e = await rejection(indexPdf(fixture("encrypted.pdf")));
    expect(e.code).toBe("encrypted");
    expect(e.message).toBe("PDF is password protected");
    expect((await rejection(countPdfPages(fixture("encrypted.pdf")))).code).toBe("encrypted");
  }, 20_000);

  it("more pages than allowed -> too_many_pages, before reading any page", async () => {
    let pagesRead = 0;
    const e = await rejection(indexPdf(rData, { maxPages: 10, onProgress: () => pagesRead++ }));
    expect(e.code).toBe("too_many_pages");
    expect(e.message).toMatch(/41 pages.*10/);
    expect(pagesRead).toBe(0);
  });

  it("stops when aborted", async () => {
    const ac = new AbortController();
    const p = indexPdf(fixture("R-intro.pdf"), {
      signal: ac.signal,
      onProgress: (done) => {
        if (done === 5) ac.abort();
      },
    });
    const err = await p.then(
      () => null,
      (x: unknown) => x as Error,
    );
    expect(err?.name).toBe("AbortError");
  }, 20_000);

  it("countPdfPages reads the page count only", async () => {
    expect(await countPdfPages(rData)).toBe(41);
    expect((await rejection(countPdfPages(new Uint8Array(0)))).code).toBe("empty");
  });
});
