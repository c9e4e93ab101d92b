/**
 * HTML looks: pandoc's standalone HTML5 with a style sheet of ours after pandoc's own, printed
 * by headless Chromium. `--generate-pdf-document-outline` (Chromium 121 and later) writes a
 * PDF outline from the h1..h6 elements, which gives the gold pages; where the flag is not
 * honoured the outline is empty and the build falls back to finding each heading's text on
 * the pages (pair.ts).
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PandocDoc } from "./markdown.ts";
import { run } from "./run.ts";
import type { StyleLook } from "./style.ts";

export interface ChromiumStyle extends StyleLook {
  tool: "chromium";
  css: string;
}

/** Undoes what matters of pandoc's default sheet (20px type, a 36em column with padding). */
const RESET = `html { font-size: 100%; } body { max-width: none; margin: 0; padding: 0; hyphens: manual; }
@page { size: A4; margin: 2cm 2.2cm; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85em; }
pre { white-space: pre-wrap; }
header#title-block-header { margin-bottom: 1.5em; }
h1.title::before { content: none; counter-increment: none; }
`;

/** CSS's escape for an em space, written into a string after a section number. */
const EM_SPACE = "\\2003";

/**
 * CSS counters numbering h1..h4 "1", "1.1", "1.1.1", "1.1.1.1", each number followed by
 * `after` ("" for nothing), h1's by `h1After`. A style's CSS is part of its PDFs' ids, so
 * these rules must stay byte for byte what the styles had written out.
 */
function sectionCounters(after: string, h1After = after): string {
  return [1, 2, 3, 4]
    .map((level) => {
      const number = Array.from({ length: level }, (_, i) => `counter(h${i + 1})`).join(' "." ');
      const tail = level === 1 ? h1After : after;
      return `h${level}::before { counter-increment: h${level}; content: ${number}${tail ? ` "${tail}"` : ""}; }`;
    })
    .join("\n");
}

export const CHROMIUM_STYLES: ChromiumStyle[] = [
  {
    tool: "chromium",
    family: "gen-chromium / serif css",
    css: `body { font-family: "Liberation Serif", serif; font-size: 11pt; line-height: 1.35; }
h1, h2, h3, h4 { font-family: "Liberation Serif", serif; font-weight: bold; margin: 1.1em 0 0.4em; }
h1 { font-size: 20pt; } h2 { font-size: 16pt; } h3 { font-size: 13pt; } h4 { font-size: 11pt; font-style: italic; }
.title { font-size: 24pt; text-align: center; }`,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "bold, sizes by level",
  },
  {
    tool: "chromium",
    family: "gen-chromium / sans css rules",
    css: `body { font-family: "DejaVu Sans", sans-serif; font-size: 9.5pt; line-height: 1.5; color: #24292f; }
h1, h2, h3, h4 { font-family: "DejaVu Sans", sans-serif; font-weight: 600; margin: 1.2em 0 0.5em; }
h1 { font-size: 17pt; border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
h2 { font-size: 13.5pt; border-bottom: 1px solid #ddd; padding-bottom: 0.15em; }
h3 { font-size: 11pt; } h4 { font-size: 9.5pt; color: #555; }
.title { font-size: 22pt; }`,
    bodyFace: "DejaVu Sans",
    headingFace: "DejaVu Sans",
    headingStyle: "semibold with rules under levels 1-2 (a GitHub-like README)",
  },
  {
    tool: "chromium",
    family: "gen-chromium / numbered body-size css",
    css: `body { font-family: "Liberation Sans", sans-serif; font-size: 10pt; line-height: 1.4; counter-reset: h1; }
h1, h2, h3, h4 { font-size: 10pt; font-weight: bold; margin: 1em 0 0.3em; }
h1 { font-size: 11pt; counter-reset: h2; } h2 { counter-reset: h3; } h3 { counter-reset: h4; } h4 { font-weight: normal; font-style: italic; }
${sectionCounters(" ", ". ")}
.title { font-size: 14pt; }`,
    bodyFace: "Helvetica (Liberation Sans)",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "CSS-numbered 1. / 1.1 / 1.1.1, bold at (about) body size",
  },
  {
    tool: "chromium",
    family: "gen-chromium / centred small caps css",
    css: `body { font-family: "DejaVu Serif", serif; font-size: 10pt; line-height: 1.45; text-align: justify; }
h1, h2, h3, h4 { font-family: "DejaVu Serif", serif; font-weight: normal; margin: 1.2em 0 0.5em; }
h1 { font-size: 13pt; font-variant: small-caps; text-align: center; letter-spacing: 0.05em; }
h2 { font-size: 11pt; font-variant: small-caps; text-align: center; }
h3 { font-size: 10pt; font-style: italic; } h4 { font-size: 10pt; font-style: italic; text-decoration: underline; }
.title { font-size: 18pt; font-variant: small-caps; }`,
    bodyFace: "DejaVu Serif",
    headingFace: "DejaVu Serif",
    headingStyle: "centred small caps at levels 1-2, italic below, not bold",
  },
  {
    tool: "chromium",
    family: "gen-chromium / report sans capitals css",
    css: `body { font-family: "Liberation Serif", serif; font-size: 10.5pt; line-height: 1.4; }
h1, h2 { font-family: "Liberation Sans", sans-serif; font-weight: bold; margin: 1.3em 0 0.4em; }
h1 { font-size: 13pt; text-transform: uppercase; letter-spacing: 0.04em; color: #1f3864; }
h2 { font-size: 11pt; color: #1f3864; }
h3 { font-size: 10.5pt; font-weight: bold; font-style: italic; margin: 1em 0 0.3em; }
h4 { font-size: 10.5pt; font-weight: normal; font-style: italic; margin: 0.8em 0 0.2em; }
.title { font-family: "Liberation Sans", sans-serif; font-size: 20pt; }`,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Helvetica (Liberation Sans)",
    headingStyle: "coloured sans capitals and sans bold at levels 1-2, serif bold italic and italic at body size below",
  },
  {
    tool: "chromium",
    family: "gen-chromium / numbered serif sizes css",
    css: `body { font-family: "DejaVu Serif", serif; font-size: 9.5pt; line-height: 1.45; counter-reset: h1; }
h1, h2, h3, h4 { font-family: "DejaVu Serif", serif; font-weight: bold; margin: 1.1em 0 0.4em; }
h1 { font-size: 15pt; counter-reset: h2; } h2 { font-size: 12pt; counter-reset: h3; } h3 { font-size: 10pt; counter-reset: h4; } h4 { font-size: 9.5pt; font-weight: normal; font-style: italic; }
${sectionCounters(EM_SPACE)}
.title { font-size: 18pt; }`,
    bodyFace: "DejaVu Serif",
    headingFace: "DejaVu Serif",
    headingStyle: "CSS-numbered 1 / 1.1 / 1.1.1 with an em space, bold by size",
  },
  {
    tool: "chromium",
    family: "gen-chromium / docs site light css",
    css: `body { font-family: "DejaVu Sans", sans-serif; font-size: 9pt; line-height: 1.6; color: #333; }
h1, h2, h3, h4 { font-family: "DejaVu Sans", sans-serif; margin: 1.4em 0 0.5em; }
h1 { font-size: 20pt; font-weight: 300; } h2 { font-size: 14pt; font-weight: 300; border-top: 1px solid #ddd; padding-top: 0.4em; }
h3 { font-size: 11pt; font-weight: bold; } h4 { font-size: 8pt; font-weight: bold; text-transform: uppercase; letter-spacing: 0.08em; color: #666; }
.title { font-size: 24pt; font-weight: 300; }`,
    bodyFace: "DejaVu Sans",
    headingFace: "DejaVu Sans",
    headingStyle: "light large headings at levels 1-2 (a rule above level 2), bold, small bold capitals at level 4 (a documentation site)",
  },
  {
    tool: "chromium",
    family: "gen-chromium / hanging numbers body-size css",
    css: `body { font-family: "Liberation Serif", serif; font-size: 11pt; line-height: 1.3; counter-reset: h1; margin-left: 3em; }
h1, h2, h3, h4 { font-size: 11pt; font-weight: bold; margin: 1em 0 0.3em; }
h1 { font-size: 12pt; counter-reset: h2; } h2 { counter-reset: h3; } h3 { font-weight: normal; font-style: italic; counter-reset: h4; } h4 { font-weight: normal; }
h1::before, h2::before, h3::before, h4::before { display: inline-block; width: 3em; margin-left: -3em; font-weight: bold; font-style: normal; }
${sectionCounters("")}
.title { font-size: 16pt; margin-left: -3em; }`,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "numbers hung in the left margin, bold at (about) body size, italic and roman below",
  },
  // Small capitals in other arrangements (thirty-first session): left-aligned over a serif text,
  // letter-spaced over a sans text; neither bold, the lower levels at the text's size.
  {
    tool: "chromium",
    family: "gen-chromium / small caps left serif css",
    css: `body { font-family: "Liberation Serif", serif; font-size: 10.5pt; line-height: 1.4; }
h1, h2, h3, h4 { font-family: "Liberation Serif", serif; font-weight: normal; margin: 1.2em 0 0.4em; }
h1 { font-size: 15pt; font-variant: small-caps; } h2 { font-size: 12pt; font-variant: small-caps; }
h3 { font-size: 10.5pt; font-weight: bold; font-style: italic; } h4 { font-size: 10.5pt; font-style: italic; }
.title { font-size: 20pt; font-variant: small-caps; }`,
    bodyFace: "Times (Liberation Serif)",
    headingFace: "Times (Liberation Serif)",
    headingStyle: "small caps at levels 1-2, left-aligned, bold italic and italic at body size below",
  },
  {
    tool: "chromium",
    family: "gen-chromium / spaced small caps sans css",
    css: `body { font-family: "DejaVu Sans", sans-serif; font-size: 9.5pt; line-height: 1.5; }
h1, h2, h3, h4 { font-family: "DejaVu Sans", sans-serif; font-weight: normal; margin: 1.3em 0 0.5em; }
h1 { font-size: 12.5pt; font-variant: small-caps; letter-spacing: 0.12em; text-align: center; }
h2 { font-size: 10.5pt; font-variant: small-caps; letter-spacing: 0.08em; }
h3 { font-size: 9.5pt; font-variant: small-caps; } h4 { font-size: 9.5pt; font-style: italic; }
.title { font-size: 16pt; font-variant: small-caps; letter-spacing: 0.12em; }`,
    bodyFace: "DejaVu Sans",
    headingFace: "DejaVu Sans",
    headingStyle: "letter-spaced small caps, centred at level 1, small caps at body size at level 3, italic at level 4",
  },
];

/** The flag that makes Chromium write the PDF outline. */
export const OUTLINE_FLAG = "--generate-pdf-document-outline";

/** Typesets `doc` into `pdf`; `profileDir` is Chromium's user data directory for the build. */
export async function renderChromium(style: ChromiumStyle, doc: PandocDoc, work: string, pdf: string, profileDir: string): Promise<void> {
  const json = path.join(work, "doc.json");
  const header = path.join(work, "style.html");
  const html = path.join(work, "doc.html");
  writeFileSync(json, JSON.stringify(doc));
  writeFileSync(header, `<style>\n${RESET}${style.css}\n</style>\n`);
  await run("pandoc", ["-f", "json", "-t", "html5", "-s", "--no-highlight", "--metadata", "pagetitle=document", "-H", header, "-o", html, json]);
  const out = path.join(work, "doc.pdf");
  await run(
    "chromium",
    ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", `--user-data-dir=${profileDir}`, "--no-pdf-header-footer", OUTLINE_FLAG, `--print-to-pdf=${out}`, `file://${html}`],
    { timeoutMs: 120_000 },
  );
  if (!existsSync(out)) throw new Error("chromium wrote no PDF");
  await run("cp", [out, pdf]);
}
