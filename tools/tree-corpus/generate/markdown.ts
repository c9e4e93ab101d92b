/**
 * A real Markdown file made into a document every typesetter can set and whose headings are
 * known: pandoc parses it (GitHub-flavoured, into its JSON AST); this module, without pandoc,
 * turns the AST into the document the styles typeset and the list of its headings (level and
 * title) that becomes the gold outline. The same transformed AST goes to every typesetter, so
 * the gold headings are exactly the headings typeset.
 *
 * What is changed, and why:
 * - the first heading becomes the document title when no other heading shares its level (a
 *   README's "# project"): a title, not a section holding everything;
 * - levels start at 1, never jump by more than one (a `###` under a `#` becomes level 2: the
 *   PDF outline nests it as a child anyway), and stop at MAX_LEVEL (LaTeX articles have four
 *   numbered-or-run-in levels); deeper headings, headings without letters ("1.2.3", which the
 *   bench's title matching reduces to nothing) and headings inside lists or quotes become bold
 *   paragraphs;
 * - images, raw HTML, tables and footnotes are dropped, links keep only their text (remote
 *   images stall Chromium with no network, tables break two-column LaTeX, raw HTML is lost by
 *   every writer but the HTML one);
 * - characters outside Latin-1 and common typographic punctuation are removed (pdflatex stops
 *   on an emoji or a box-drawing character).
 */

/** Pandoc's JSON AST, loosely typed: {t, c} nodes. */
export interface PandocNode {
  t: string;
  c?: unknown;
}

export interface PandocDoc {
  "pandoc-api-version": number[];
  meta: Record<string, unknown>;
  blocks: PandocNode[];
}

export interface SourceHeading {
  level: number;
  title: string;
}

export interface PreparedDoc {
  doc: PandocDoc;
  title: string | null;
  headings: SourceHeading[];
  /** Characters of paragraph text (outside headings and code). */
  bodyChars: number;
}

export const MAX_LEVEL = 4;

const KEEP_CHAR = /[\t\n\r\u0020-\u007e\u00a0-\u00ff\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u2022]/;

/** Text with the characters pdflatex cannot set removed. */
export function sanitizeText(s: string): string {
  let out = "";
  for (const ch of s) if (KEEP_CHAR.test(ch)) out += ch;
  return out;
}

/** Plain text of inlines, as a reader sees it on the page. */
export function inlineText(inlines: PandocNode[]): string {
  let out = "";
  for (const n of inlines) {
    switch (n.t) {
      case "Str":
        out += n.c as string;
        break;
      case "Space":
      case "SoftBreak":
      case "LineBreak":
        out += " ";
        break;
      case "Code":
      case "Math":
        out += (n.c as [unknown, string])[1];
        break;
      case "Quoted":
        out += `"${inlineText((n.c as [unknown, PandocNode[]])[1])}"`;
        break;
      case "Cite":
      case "Span":
      case "Link":
      case "Image":
        out += inlineText((n.c as unknown[])[1] as PandocNode[]);
        break;
      case "Emph":
      case "Underline":
      case "Strong":
      case "Strikeout":
      case "Superscript":
      case "Subscript":
      case "SmallCaps":
        out += inlineText(n.c as PandocNode[]);
        break;
      default:
        break; // RawInline, Note: not part of the visible text once cleaned
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Inlines cleaned: no images, raw HTML or notes; links reduced to their text; text sanitized. */
export function cleanInlines(inlines: PandocNode[]): PandocNode[] {
  const out: PandocNode[] = [];
  for (const n of inlines) {
    switch (n.t) {
      case "Str": {
        const s = sanitizeText(n.c as string);
        if (s) out.push({ t: "Str", c: s });
        break;
      }
      case "Code": {
        const [attr, text] = n.c as [unknown, string];
        const s = sanitizeText(text);
        if (s) out.push({ t: "Code", c: [attr, s] });
        break;
      }
      case "Math":
        out.push({ t: "Str", c: sanitizeText((n.c as [unknown, string])[1]) });
        break;
      case "Image":
      case "RawInline":
      case "Note":
        break;
      case "Link":
      case "Span":
      case "Cite":
        out.push(...cleanInlines((n.c as unknown[])[1] as PandocNode[]));
        break;
      case "Quoted": {
        const [kind, inner] = n.c as [unknown, PandocNode[]];
        out.push({ t: "Quoted", c: [kind, cleanInlines(inner)] });
        break;
      }
      case "Emph":
      case "Underline":
      case "Strong":
      case "Strikeout":
      case "Superscript":
      case "Subscript":
      case "SmallCaps": {
        const inner = cleanInlines(n.c as PandocNode[]);
        if (inner.length) out.push({ t: n.t, c: inner });
        break;
      }
      default:
        out.push(n); // Space, SoftBreak, LineBreak
    }
  }
  // Spaces left at either end by a removed image or badge.
  while (out.length && /^(Space|SoftBreak|LineBreak)$/.test(out[0].t)) out.shift();
  while (out.length && /^(Space|SoftBreak|LineBreak)$/.test(out[out.length - 1].t)) out.pop();
  return out;
}

const boldPara = (inlines: PandocNode[]): PandocNode => ({ t: "Para", c: [{ t: "Strong", c: inlines }] });

/** Blocks cleaned; `top` is false inside lists and quotes, where headings become bold paragraphs. */
export function cleanBlocks(blocks: PandocNode[], top: boolean): PandocNode[] {
  const out: PandocNode[] = [];
  for (const b of blocks) {
    switch (b.t) {
      case "Header": {
        const [level, attr, inlines] = b.c as [number, unknown, PandocNode[]];
        const clean = cleanInlines(inlines);
        if (!clean.length) break;
        out.push(top ? { t: "Header", c: [level, attr, clean] } : boldPara(clean));
        break;
      }
      case "Para":
      case "Plain": {
        const clean = cleanInlines(b.c as PandocNode[]);
        if (clean.length) out.push({ t: b.t, c: clean });
        break;
      }
      case "LineBlock": {
        const lines = (b.c as PandocNode[][]).map(cleanInlines).filter((l) => l.length);
        if (lines.length) out.push({ t: "LineBlock", c: lines });
        break;
      }
      case "CodeBlock": {
        const [attr, text] = b.c as [unknown, string];
        const s = sanitizeText(text).replace(/\t/g, "    ");
        if (s.trim()) out.push({ t: "CodeBlock", c: [attr, s] });
        break;
      }
      case "BlockQuote": {
        const inner = cleanBlocks(b.c as PandocNode[], false);
        if (inner.length) out.push({ t: "BlockQuote", c: inner });
        break;
      }
      case "BulletList": {
        const items = (b.c as PandocNode[][]).map((it) => cleanBlocks(it, false)).filter((it) => it.length);
        if (items.length) out.push({ t: "BulletList", c: items });
        break;
      }
      case "OrderedList": {
        const [attrs, raw] = b.c as [unknown, PandocNode[][]];
        const items = raw.map((it) => cleanBlocks(it, false)).filter((it) => it.length);
        if (items.length) out.push({ t: "OrderedList", c: [attrs, items] });
        break;
      }
      case "DefinitionList": {
        const items = (b.c as [PandocNode[], PandocNode[][]][])
          .map(([term, defs]) => [cleanInlines(term), defs.map((d) => cleanBlocks(d, false))] as const)
          .filter(([term]) => term.length);
        if (items.length) out.push({ t: "DefinitionList", c: items });
        break;
      }
      case "Div":
        // GitHub Markdown has no divs of its own; keep the content at the same depth.
        out.push(...cleanBlocks((b.c as [unknown, PandocNode[]])[1], top));
        break;
      case "HorizontalRule":
        out.push(b);
        break;
      default:
        break; // Table, RawBlock, Null, Figure
    }
  }
  return out;
}

/** Letters a title needs to be matched by the bench (normText keeps Latin letters and digits). */
const hasLetters = (s: string) => (s.match(/[A-Za-z]/g) ?? []).length >= 2;

function bodyChars(blocks: PandocNode[]): number {
  let n = 0;
  for (const b of blocks) {
    if (b.t === "Para" || b.t === "Plain") n += inlineText(b.c as PandocNode[]).length;
    else if (b.t === "BlockQuote") n += bodyChars(b.c as PandocNode[]);
    else if (b.t === "BulletList") for (const it of b.c as PandocNode[][]) n += bodyChars(it);
    else if (b.t === "OrderedList") for (const it of (b.c as [unknown, PandocNode[][]])[1]) n += bodyChars(it);
  }
  return n;
}

/** The document to typeset and its headings (see the module comment for the rules). */
export function prepareDoc(input: PandocDoc): PreparedDoc {
  let blocks = cleanBlocks(input.blocks, true);
  const headerAt = (i: number) => (blocks[i].c as [number, unknown, PandocNode[]]);
  const levels = blocks.filter((b) => b.t === "Header").map((b) => (b.c as [number])[0]);

  let title: string | null = null;
  const first = blocks.findIndex((b) => b.t === "Header");
  if (first >= 0) {
    const [lvl, , inl] = headerAt(first);
    if (lvl === Math.min(...levels) && levels.filter((l) => l === lvl).length === 1) {
      title = inlineText(inl);
      blocks = [...blocks.slice(0, first), ...blocks.slice(first + 1)];
    }
  }

  const remaining = blocks.filter((b) => b.t === "Header").map((b) => (b.c as [number])[0]);
  const shift = remaining.length ? Math.min(...remaining) - 1 : 0;
  const headings: SourceHeading[] = [];
  let prev = 0;
  blocks = blocks.map((b) => {
    if (b.t !== "Header") return b;
    const [lvl, attr, inl] = b.c as [number, unknown, PandocNode[]];
    const text = inlineText(inl);
    const level = Math.min(lvl - shift, prev + 1);
    if (level > MAX_LEVEL || !hasLetters(text)) return boldPara(inl);
    prev = level;
    headings.push({ level, title: text });
    return { t: "Header", c: [level, attr, inl] };
  });

  const meta: Record<string, unknown> = {};
  if (title) meta.title = { t: "MetaInlines", c: [{ t: "Str", c: title }] };
  return { doc: { "pandoc-api-version": input["pandoc-api-version"], meta, blocks }, title, headings, bodyChars: bodyChars(blocks) };
}
