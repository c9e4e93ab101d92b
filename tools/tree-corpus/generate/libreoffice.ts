/**
 * LibreOffice Writer looks: pandoc writes an ODT whose paragraphs use the styles of a reference
 * document (Heading 1..4 with outline levels), and `soffice --convert-to pdf` exports it with
 * bookmarks (one per outline-level paragraph). The looks differ only in the reference
 * document's styles.xml: the heading styles (face, size, weight, case, indentation) and the
 * outline numbering (Tools > Heading Numbering), which Writer prints and pandoc knows nothing of.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { PandocDoc, PandocNode } from "./markdown.ts";
import { run } from "./run.ts";
import type { StyleLook } from "./style.ts";

interface HeadingLook {
  font: string;
  size: string;
  bold?: boolean;
  italic?: boolean;
  upper?: boolean;
}

interface Numbering {
  /** ODF num-format: "1", "I", "A", "a", "i". */
  format: string;
  prefix?: string;
  suffix?: string;
  /** Levels shown in the label: 1.2.3 shows 3; legal numbering shows 1. */
  displayLevels: number;
}

export interface LibreOfficeStyle extends StyleLook {
  tool: "libreoffice";
  /** Body text face and size; null keeps pandoc's reference document (Times New Roman 12pt). */
  body: { font: string; size: string } | null;
  /** Heading 1..4; null keeps pandoc's reference document. */
  headings: HeadingLook[] | null;
  /** Per level (index 0 = level 1); none = unnumbered. */
  numbering?: Numbering[];
  /** Indentation step per level, label to text (legal documents: indentation tells levels apart). */
  indentIn?: number;
  /** Each heading set in a one-cell table (forms, reports laid out with tables). */
  headingsInTables?: boolean;
}

const sans = "Liberation Sans";
const serif = "Liberation Serif";
const dejavu = "DejaVu Sans";
const dejavuSerif = "DejaVu Serif";

const decimal = (n: number): Numbering[] => Array.from({ length: n }, (_, i) => ({ format: "1", displayLevels: i + 1, suffix: i === 0 ? "." : "" }));

export const LIBREOFFICE_STYLES: LibreOfficeStyle[] = [
  {
    tool: "libreoffice",
    family: "gen-libreoffice / default heading styles",
    body: null,
    headings: null,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "pandoc's reference styles: bold, bold italic, unnumbered",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / outline numbering sans headings",
    body: { font: serif, size: "11pt" },
    headings: [
      { font: sans, size: "16pt", bold: true },
      { font: sans, size: "14pt", bold: true },
      { font: sans, size: "12pt", bold: true },
      { font: sans, size: "11pt", bold: true, italic: true },
    ],
    numbering: decimal(5),
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "outline numbering 1. / 1.1 / 1.1.1, bold sans by size",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / legal numbering body font",
    body: { font: serif, size: "12pt" },
    headings: [1, 2, 3, 4].map(() => ({ font: serif, size: "12pt" })),
    numbering: [
      { format: "I", suffix: ".", displayLevels: 1 },
      { format: "A", suffix: ".", displayLevels: 1 },
      { format: "1", suffix: ".", displayLevels: 1 },
      { format: "a", suffix: ".", displayLevels: 1 },
      { format: "i", prefix: "(", suffix: ")", displayLevels: 1 },
    ],
    indentIn: 0.5,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "I. / A. / 1. / a. / (i) in the body font and size, levels told by indentation only",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / bold body-size headings",
    body: { font: dejavu, size: "10pt" },
    headings: [
      { font: dejavu, size: "10pt", bold: true, upper: true },
      { font: dejavu, size: "10pt", bold: true },
      { font: dejavu, size: "10pt", bold: true, italic: true },
      { font: dejavu, size: "10pt", italic: true },
    ],
    bodyFace: "DejaVu Sans",
    headingFace: "DejaVu Sans",
    headingStyle: "unnumbered, body size: bold capitals, bold, bold italic, italic",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / headings in tables",
    body: { font: sans, size: "10pt" },
    headings: [
      { font: sans, size: "13pt", bold: true },
      { font: sans, size: "11pt", bold: true },
      { font: sans, size: "10pt", bold: true },
      { font: sans, size: "10pt", italic: true },
    ],
    numbering: decimal(5),
    headingsInTables: true,
    bodyFace: "Helvetica (Liberation Sans)",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "numbered headings, each in a one-cell table",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / numbered serif headings",
    body: { font: sans, size: "10pt" },
    headings: [
      { font: serif, size: "15pt", bold: true },
      { font: serif, size: "13pt", bold: true },
      { font: serif, size: "11pt", bold: true },
      { font: serif, size: "10pt", italic: true },
    ],
    numbering: decimal(5),
    bodyFace: "Helvetica (Liberation Sans)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "outline numbering 1. / 1.1 / 1.1.1, bold serif by size over a sans body",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / capitals over sans headings",
    body: { font: dejavuSerif, size: "10pt" },
    headings: [
      { font: dejavu, size: "13pt", bold: true, upper: true },
      { font: dejavu, size: "11pt", bold: true },
      { font: dejavu, size: "10pt", bold: true, italic: true },
      { font: dejavu, size: "10pt", italic: true },
    ],
    bodyFace: "DejaVu Serif",
    headingFace: "DejaVu Sans",
    headingStyle: "unnumbered: bold sans capitals, bold sans, bold italic and italic at body size",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / numbered body-size bold",
    body: { font: serif, size: "11pt" },
    headings: [
      { font: serif, size: "11pt", bold: true, upper: true },
      { font: serif, size: "11pt", bold: true },
      { font: serif, size: "11pt", bold: true, italic: true },
      { font: serif, size: "11pt", italic: true },
    ],
    numbering: [...decimal(3), { format: "a", prefix: "(", suffix: ")", displayLevels: 1 }],
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "outline numbering 1. / 1.1 / 1.1.1 / (a), bold at body size, level 1 in capitals",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / roman sizes unnumbered",
    body: { font: serif, size: "11pt" },
    headings: [
      { font: serif, size: "18pt" },
      { font: serif, size: "15pt" },
      { font: serif, size: "13pt", italic: true },
      { font: serif, size: "11pt", italic: true },
    ],
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "unnumbered, not bold: sizes by level, italic at levels 3-4",
  },
  // Unnumbered sans headings over a serif text in other sizes and weights (thirty-first session).
  {
    tool: "libreoffice",
    family: "gen-libreoffice / alternating bold italic sans headings",
    body: { font: dejavuSerif, size: "10.5pt" },
    headings: [
      { font: sans, size: "15pt", bold: true },
      { font: sans, size: "13pt", bold: true, italic: true },
      { font: sans, size: "11.5pt", bold: true },
      { font: sans, size: "11pt", bold: true, italic: true },
    ],
    bodyFace: "DejaVu Serif",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "unnumbered: bold and bold italic sans by turns, sizes by level",
  },
  {
    tool: "libreoffice",
    family: "gen-libreoffice / unnumbered sans sizes over serif",
    body: { font: serif, size: "11pt" },
    headings: [
      { font: dejavu, size: "16pt" },
      { font: dejavu, size: "13pt" },
      { font: dejavu, size: "11pt", bold: true },
      { font: dejavu, size: "11pt", italic: true },
    ],
    bodyFace: "Times (Liberation Serif)",
    headingFace: "DejaVu Sans",
    headingStyle: "unnumbered sans: regular by size at levels 1-2, bold and italic at body size below",
  },
];

const FONT_FACES = [sans, serif, dejavu, dejavuSerif].map((f) => `<style:font-face style:name="${f}" svg:font-family="'${f}'" style:font-family-generic="${f === serif || f === dejavuSerif ? "roman" : "swiss"}" style:font-pitch="variable"/>`).join("");

function headingXml(level: number, h: HeadingLook, indentIn: number | undefined): string {
  const margin = indentIn ? ` fo:margin-left="${(level * indentIn).toFixed(2)}in" fo:text-indent="-${indentIn.toFixed(2)}in"` : "";
  return `<style:style style:name="Heading_20_${level}" style:display-name="Heading ${level}" style:family="paragraph" style:parent-style-name="Heading" style:next-style-name="Text_20_body" style:default-outline-level="${level}" style:class="text">`
    + `<style:paragraph-properties fo:margin-top="${level === 1 ? "0.2in" : "0.12in"}" fo:margin-bottom="0.06in"${margin} fo:keep-with-next="always"/>`
    + `<style:text-properties style:font-name="${h.font}" fo:font-size="${h.size}" fo:font-weight="${h.bold ? "bold" : "normal"}" fo:font-style="${h.italic ? "italic" : "normal"}"${h.upper ? ' fo:text-transform="uppercase"' : ""}/>`
    + `</style:style>`;
}

function outlineXml(numbering: Numbering[] | undefined, indentIn: number | undefined): string {
  const levels: string[] = [];
  for (let level = 1; level <= 10; level++) {
    const n = numbering?.[level - 1];
    if (!n) {
      levels.push(`<text:outline-level-style text:level="${level}" style:num-format=""><style:list-level-properties text:min-label-distance="0.15in"/></text:outline-level-style>`);
      continue;
    }
    const step = indentIn ?? 0.4;
    const left = indentIn ? level * step : step;
    levels.push(
      `<text:outline-level-style text:level="${level}" style:num-format="${n.format}"${n.prefix ? ` style:num-prefix="${n.prefix}"` : ""}${n.suffix ? ` style:num-suffix="${n.suffix}"` : ""} text:display-levels="${n.displayLevels}">`
        + `<style:list-level-properties text:list-level-position-and-space-mode="label-alignment">`
        + `<style:list-level-label-alignment text:label-followed-by="listtab" text:list-tab-stop-position="${left.toFixed(2)}in" fo:text-indent="-${step.toFixed(2)}in" fo:margin-left="${left.toFixed(2)}in"/>`
        + `</style:list-level-properties></text:outline-level-style>`,
    );
  }
  return `<text:outline-style style:name="Outline">${levels.join("")}</text:outline-style>`;
}

/** pandoc's reference styles.xml changed to the style's look (pure, for testing). */
export function restyle(stylesXml: string, style: LibreOfficeStyle): string {
  let xml = stylesXml.replace("<office:font-face-decls>", `<office:font-face-decls>${FONT_FACES}`);
  if (style.body) xml = xml.replace('style:font-name="Times New Roman" fo:font-size="12pt"', `style:font-name="${style.body.font}" fo:font-size="${style.body.size}"`);
  if (style.headings) {
    xml = xml.replace(/<style:style style:name="Heading_20_(\d+)"[\s\S]*?<\/style:style>/g, (whole, n: string) => {
      const h = style.headings![Number(n) - 1];
      return h ? headingXml(Number(n), h, style.indentIn) : whole;
    });
  }
  if (style.numbering) xml = xml.replace(/<text:outline-style[\s\S]*?<\/text:outline-style>/, outlineXml(style.numbering, style.indentIn));
  return xml;
}

const exec = promisify(execFile);

/** The reference document of a style, made once in `dir` from pandoc's default one. */
async function referenceDoc(style: LibreOfficeStyle, dir: string): Promise<string | null> {
  if (!style.headings && !style.numbering && !style.body) return null;
  const slug = style.family.replace(/[^a-z0-9]+/gi, "-");
  const out = path.join(dir, `${slug}.odt`);
  if (existsSync(out)) return out;
  const work = path.join(dir, slug);
  mkdirSync(work, { recursive: true });
  const base = path.join(work, "reference.odt");
  await run("pandoc", ["-o", base, "--print-default-data-file", "reference.odt"]);
  const styles = (await exec("unzip", ["-p", base, "styles.xml"], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  writeFileSync(path.join(work, "styles.xml"), restyle(styles, style));
  // `zip` replaces the member in place; run from the folder so its name stays "styles.xml".
  await run("zip", ["-q", base, "styles.xml"], { cwd: work });
  await run("cp", [base, out]);
  return out;
}

const attr = ["", [], []];

/** Every top-level heading wrapped in a one-row, one-cell table (pandoc API 1.22 table). */
export function headingsInTables(doc: PandocDoc): PandocDoc {
  const wrap = (h: PandocNode): PandocNode => ({
    t: "Table",
    c: [attr, [null, []], [[{ t: "AlignDefault" }, { t: "ColWidth", c: 1 }]], [attr, []], [[attr, 0, [], [[attr, [[attr, { t: "AlignDefault" }, 1, 1, [h]]]]]]], [attr, []]],
  });
  return { ...doc, blocks: doc.blocks.map((b) => (b.t === "Header" ? wrap(b) : b)) };
}

/** Typesets `doc` into `pdf` through an ODT; `refDir` keeps the reference documents between documents. */
export async function renderLibreOffice(style: LibreOfficeStyle, doc: PandocDoc, work: string, pdf: string, refDir: string): Promise<void> {
  const json = path.join(work, "doc.json");
  const odt = path.join(work, "doc.odt");
  writeFileSync(json, JSON.stringify(style.headingsInTables ? headingsInTables(doc) : doc));
  const ref = await referenceDoc(style, refDir);
  await run("pandoc", ["-f", "json", "-t", "odt", "-s", ...(ref ? ["--reference-doc", ref] : []), "-o", odt, json]);
  // A profile of our own: a user's running LibreOffice (or a stale lock) would take the job.
  const profile = `file://${path.join(refDir, "profile")}`;
  const filter = 'pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"}}';
  await run("soffice", ["--headless", "--norestore", `-env:UserInstallation=${profile}`, "--convert-to", filter, "--outdir", work, odt], { timeoutMs: 180_000 });
  if (!existsSync(path.join(work, "doc.pdf"))) throw new Error("soffice wrote no PDF");
  writeFileSync(pdf, readFileSync(path.join(work, "doc.pdf")));
}
