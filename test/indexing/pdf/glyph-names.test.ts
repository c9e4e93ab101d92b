/**
 * Text of simple fonts read through their encoding's glyph names, where there is no ToUnicode
 * map: names with a suffix ("four.oldstyle", "a.sc") and ligatures of parts ("t_t") are read
 * by the Adobe Glyph List's rules, not as the character code pdfjs falls back to.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PDFDocument, PDFHexString, PDFName, beginText, endText, moveText, setFontAndSize, showText } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { glyphNameText } from "../../../src/indexing/pdf/glyph-name-text.mjs";
import { withGlyphNameFallback, workerModuleUrl } from "../../../src/indexing/pdf/pdfjs-worker-source.mjs";
import { openPdf } from "../../../src/indexing/pdf/document.ts";
import { extractPages } from "../../../src/indexing/pdf/extract.ts";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const glyphList: Record<string, number> = { four: 0x34, three: 0x33, one: 0x31, a: 0x61, t: 0x74, f: 0x66, i: 0x69, A: 0x41 };

describe("glyphNameText", () => {
  it("drops a suffix after the first period", () => {
    expect(glyphNameText("four.oldstyle", glyphList)).toBe("4");
    expect(glyphNameText("one.taboldstyle", glyphList)).toBe("1");
    expect(glyphNameText("a.sc", glyphList)).toBe("a");
    expect(glyphNameText("a.sc.alt", glyphList)).toBe("a");
  });

  it("reads each part of a ligature's name", () => {
    expect(glyphNameText("t_t", glyphList)).toBe("tt");
    expect(glyphNameText("f_f_i.alt", glyphList)).toBe("ffi");
  });

  it("reads uniXXXX (one or more groups) and uXXXX to uXXXXXX parts", () => {
    expect(glyphNameText("uni0041_uni0042.sc", glyphList)).toBe("AB");
    expect(glyphNameText("uni00410042", glyphList)).toBe("AB");
    expect(glyphNameText("u1F600.alt", glyphList)).toBe("\u{1F600}");
    expect(glyphNameText("A_u0042", glyphList)).toBe("AB");
  });

  it("knows nothing of a name with an unknown part, a surrogate or only a suffix", () => {
    expect(glyphNameText("four_unknown", glyphList)).toBe("");
    expect(glyphNameText("uniD800.alt", glyphList)).toBe("");
    expect(glyphNameText("uni004g", glyphList)).toBe("");
    expect(glyphNameText("uni004a", glyphList)).toBe("");
    expect(glyphNameText(".notdef", glyphList)).toBe("");
    expect(glyphNameText("", glyphList)).toBe("");
  });
});

describe("pdfjs' worker module with the glyph-name fallback", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("finds its anchor in the installed pdfjs exactly once", () => {
    const source = readFileSync(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"), "utf8");
    const patched = withGlyphNameFallback(source);
    expect(patched).not.toBeNull();
    expect(patched!.length).toBeGreaterThan(source.length);
    expect(withGlyphNameFallback(source.replace("let unicode = glyphsUnicodeMap[glyphName];", "let unicode = glyphsUnicodeMap[name];"))).toBeNull();
  });

  it("is written once into a cache folder and read from there", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "treeindex-glyphs-"));
    dirs.push(dir);
    const url = workerModuleUrl([path.join(dir, "cache")]);
    expect(url.startsWith(pathToFileURL(path.join(dir, "cache")).href)).toBe(true);
    expect(existsSync(new URL(url))).toBe(true);
    expect(workerModuleUrl([path.join(dir, "cache")])).toBe(url);
    const { WorkerMessageHandler } = await import(url);
    expect(typeof WorkerMessageHandler.initializeFromPort).toBe("function");
  });

  it("is written into the next folder where the first cannot be made", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "treeindex-glyphs-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, "file"), "not a folder");
    const url = workerModuleUrl([path.join(dir, "file", "cache"), path.join(dir, "user-cache")]);
    expect(url.startsWith(pathToFileURL(path.join(dir, "user-cache")).href)).toBe(true);
    expect(existsSync(new URL(url))).toBe(true);
  });

  it("is given as a data: URL where no cache folder can be made", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "treeindex-glyphs-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, "file"), "not a folder");
    const url = workerModuleUrl([path.join(dir, "file", "cache")]);
    expect(url.startsWith("data:text/javascript;base64,")).toBe(true);
    const { WorkerMessageHandler } = await import(url);
    expect(typeof WorkerMessageHandler.initializeFromPort).toBe("function");
  });
});

/** The character codes of ASCII text, as a string the content stream shows. */
const codes = (text: string) => PDFHexString.of(Buffer.from(text, "latin1").toString("hex"));

/** A page set in Times-Roman (not embedded) whose encoding renames A-F and G as a TeX font's
 * old-style figures, small capitals and a ligature would, with no ToUnicode map. */
async function oldStyleFiguresPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const encoding = doc.context.obj({
    Type: "Encoding",
    BaseEncoding: "WinAnsiEncoding",
    Differences: [65, "four.oldstyle", "three.oldstyle", "one.oldstyle", "a.sc", "b.sc", "t_t", "uni0041_uni0042.alt"],
  });
  const font = doc.context.register(doc.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Times-Roman", Encoding: encoding }));
  page.node.setFontDictionary(PDFName.of("F1"), font);
  page.pushOperators(
    beginText(),
    setFontAndSize("F1", 14),
    moveText(50, 250),
    showText(codes("A.B.C Method C")),
    moveText(0, -20),
    showText(codes("DE and Ge F, G")),
    endText(),
  );
  return doc.save();
}

describe("reading a font's old-style figures and small capitals by their glyph names", () => {
  it("gives the figures and letters, not the character codes", async () => {
    const { doc, close } = await openPdf(await oldStyleFiguresPdf());
    try {
      const [page] = await extractPages(doc);
      expect(page.lines.map((l) => l.text)).toEqual(["4.3.1 Method 1", "ab and ABe tt, AB"]);
    } finally {
      await close();
    }
  });
});
