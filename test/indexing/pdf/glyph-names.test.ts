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
import { STABLE_FONT_MARK, withTreeindexChanges, workerModuleUrl } from "../../../src/indexing/pdf/pdfjs-worker-source.mjs";
import { openPdf } from "../../../src/indexing/pdf/document.ts";
import { extractPages } from "../../../src/indexing/pdf/extract.ts";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const glyphList: Record<string, number> = {
  four: 0x34,
  three: 0x33,
  one: 0x31,
  a: 0x61,
  t: 0x74,
  f: 0x66,
  i: 0x69,
  A: 0x41,
  eacute: 0xe9,
  Eacute: 0xc9,
  exclam: 0x21,
  // Adobe's expert names, which the glyph list maps to private-use characters.
  oneoldstyle: 0xf731,
  Asmall: 0xf761,
  Eacutesmall: 0xf7e9,
};

describe("glyphNameText", () => {
  it("drops a suffix after the first period", () => {
    expect(glyphNameText("four.oldstyle", glyphList)).toBe("4");
    expect(glyphNameText("one.taboldstyle", glyphList)).toBe("1");
    expect(glyphNameText("a.sc", glyphList)).toBe("a");
    expect(glyphNameText("a.sc.alt", glyphList)).toBe("a");
  });

  it("reads Adobe's expert names as their figure or lowercase letter, not as private-use characters", () => {
    expect(glyphNameText("oneoldstyle", glyphList)).toBe("1");
    expect(glyphNameText("Asmall", glyphList)).toBe("a");
    expect(glyphNameText("Eacutesmall", glyphList)).toBe("é");
    expect(glyphNameText("exclamsmall", glyphList)).toBe("!");
  });

  it("leaves a listed name and a single part without a suffix to pdfjs", () => {
    expect(glyphNameText("four", glyphList)).toBe("");
    expect(glyphNameText("uni0041", glyphList)).toBe("");
    expect(glyphNameText("G12", glyphList)).toBe("");
  });

  it("reads each part of a ligature's name", () => {
    expect(glyphNameText("t_t", glyphList)).toBe("tt");
    expect(glyphNameText("f_f_i.alt", glyphList)).toBe("ffi");
  });

  it("reads uniXXXX (one or more groups) and uXXXX to uXXXXXX parts", () => {
    expect(glyphNameText("uni0041_uni0042.sc", glyphList)).toBe("AB");
    expect(glyphNameText("uni00410042.sc", glyphList)).toBe("AB");
    expect(glyphNameText("u1F600.alt", glyphList)).toBe("\u{1F600}");
    expect(glyphNameText("A_u0042", glyphList)).toBe("AB");
  });

  it("knows nothing of a name with an unknown part, a surrogate or only a suffix", () => {
    expect(glyphNameText("four_unknown", glyphList)).toBe("");
    expect(glyphNameText("uniD800.alt", glyphList)).toBe("");
    expect(glyphNameText("uni004g.alt", glyphList)).toBe("");
    expect(glyphNameText("uni004a.alt", glyphList)).toBe("");
    expect(glyphNameText(".notdef", glyphList)).toBe("");
    expect(glyphNameText("", glyphList)).toBe("");
  });
});

describe("pdfjs' worker module with the glyph-name fallback", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("finds each of its anchors in the installed pdfjs exactly once", () => {
    const source = readFileSync(require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"), "utf8");
    const patched = withTreeindexChanges(source);
    expect(patched.lost).toEqual([]);
    expect(patched.source).toContain("__treeindexGlyphNameText(glyphName, glyphsUnicodeMap)");
    // Either anchor gone: the glyph change is left out whole, the font names' change stays.
    for (const moved of [
      source.replace("let unicode = glyphsUnicodeMap[glyphName];", "let unicode = glyphsUnicodeMap[name];"),
      source.replace("const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);", "const unicode = getUnicodeForGlyph(name, glyphsUnicodeMap);"),
    ]) {
      const without = withTreeindexChanges(moved);
      expect(without.lost).toEqual([expect.stringContaining("glyph names")]);
      expect(without.source).not.toContain("__treeindexGlyphNameText(glyphName, glyphsUnicodeMap)");
      expect(without.source).toContain(`fontID = \`${STABLE_FONT_MARK}`);
    }
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

/** A page set in Times-Roman (not embedded) whose encoding renames A-G as a TeX font's
 * old-style figures, small capitals and a ligature would, and H-K as an expert font's old-style
 * figure and small capitals, with no ToUnicode map. */
async function oldStyleFiguresPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const encoding = doc.context.obj({
    Type: "Encoding",
    BaseEncoding: "WinAnsiEncoding",
    Differences: [65, "four.oldstyle", "three.oldstyle", "one.oldstyle", "a.sc", "b.sc", "t_t", "uni0041_uni0042.alt", 72, "twooldstyle", "Tsmall", "Hsmall", "Esmall"],
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
    moveText(0, -20),
    showText(codes("H TJK")),
    endText(),
  );
  return doc.save();
}

/** Type 1 encryption (eexec with r 55665, charstrings with r 4330), four leading zero bytes. */
function type1Encrypt(plain: Uint8Array, r: number): Uint8Array {
  const out = new Uint8Array(plain.length + 4);
  const input = new Uint8Array([0, 0, 0, 0, ...plain]);
  for (let i = 0; i < input.length; i++) {
    const c = input[i] ^ (r >> 8);
    out[i] = c;
    r = ((c + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

/**
 * A Type 1 font program whose own (built-in) encoding names code 65 "one.oldstyle", 66 "a.sc"
 * and 67 "Tsmall", as pdfTeX embeds TeX fonts without an /Encoding in the PDF. Every glyph is an
 * empty 500-unit advance: only the names matter to text extraction.
 */
function builtInEncodingType1(): { program: Uint8Array; length1: number; length2: number } {
  const names = ["one.oldstyle", "a.sc", "Tsmall"];
  const clear = [
    "%!PS-AdobeFont-1.0: TestExpert 001",
    "12 dict begin",
    "/FontName /TestExpert def",
    "/FontType 1 def",
    "/FontMatrix [0.001 0 0 0.001 0 0] readonly def",
    "/FontBBox {0 0 500 700} readonly def",
    "/PaintType 0 def",
    "/Encoding 256 array",
    "0 1 255 {1 index exch /.notdef put} for",
    ...names.map((n, i) => `dup ${65 + i} /${n} put`),
    "readonly def",
    "currentdict end",
    "currentfile eexec",
    "",
  ].join("\n");
  // hsbw 0 500 (500 as 248 136), endchar; encrypted with lenIV 4.
  const glyph = type1Encrypt(new Uint8Array([139, 248, 136, 13, 14]), 4330);
  const parts: Uint8Array[] = [];
  const text = (t: string) => parts.push(Buffer.from(t, "latin1"));
  text("dup /Private 8 dict dup begin\n/RD{string currentfile exch readstring pop}executeonly def\n/ND{noaccess def}executeonly def\n/NP{noaccess put}executeonly def\n/lenIV 4 def\n/MinFeature{16 16}def\n/password 5839 def\n/BlueValues [] def\n/Subrs 0 array\nND\n");
  text(`2 index /CharStrings ${names.length + 1} dict dup begin\n`);
  for (const name of [".notdef", ...names]) {
    text(`/${name} ${glyph.length} RD `);
    parts.push(glyph);
    text(" ND\n");
  }
  text("end\nend\nreadonly put\nnoaccess put\ndup/FontName get exch definefont pop\nmark currentfile closefile\n");
  const binary = type1Encrypt(Buffer.concat(parts), 55665);
  const head = Buffer.from(clear, "latin1");
  return { program: Buffer.concat([head, binary]), length1: head.length, length2: binary.length };
}

async function builtInEncodingPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  const { program, length1, length2 } = builtInEncodingType1();
  const file = doc.context.register(doc.context.stream(program, { Length1: length1, Length2: length2, Length3: 0 }));
  const descriptor = doc.context.register(
    doc.context.obj({ Type: "FontDescriptor", FontName: "TestExpert", Flags: 4, FontBBox: [0, 0, 500, 700], ItalicAngle: 0, Ascent: 700, Descent: 0, CapHeight: 700, StemV: 80, FontFile: file }),
  );
  const font = doc.context.register(doc.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "TestExpert", FirstChar: 65, LastChar: 67, Widths: [500, 500, 500], FontDescriptor: descriptor }));
  page.node.setFontDictionary(PDFName.of("F1"), font);
  page.pushOperators(beginText(), setFontAndSize("F1", 14), moveText(50, 250), showText(codes("A BC")), endText());
  return doc.save();
}

describe("reading a font's old-style figures and small capitals by their glyph names", () => {
  it("reads the names of a Type 1 font's own encoding too", async () => {
    const { doc, close } = await openPdf(await builtInEncodingPdf());
    try {
      const [page] = await extractPages(doc);
      expect(page.lines.map((l) => l.text)).toEqual(["1 at"]);
    } finally {
      await close();
    }
  });

  it("gives the figures and letters, not the character codes", async () => {
    const { doc, close } = await openPdf(await oldStyleFiguresPdf());
    try {
      const [page] = await extractPages(doc);
      expect(page.lines.map((l) => l.text)).toEqual(["4.3.1 Method 1", "ab and ABe tt, AB", "2 The"]);
    } finally {
      await close();
    }
  });
});
