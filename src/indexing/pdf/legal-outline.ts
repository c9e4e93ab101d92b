/**
 * A document outlined in legal numbering set entirely in the body font: "I.", "A.", "1.",
 * "a.", "(i)" opening short lines, each kind at its own indent, and nothing else (size,
 * weight, face) marking the headings. Contracts, regulations and memos exported from word
 * processors look like this. The labels are read as an outline when each kind counts on
 * (I, II, III; A, B restarting under each I; ...) at one indent; the kinds nest in the order
 * their indents step in (usually I > A > 1 > a > (i)).
 */
import { labelTitle, opensBlock, romanValue } from "./body-sublevels.ts";
import type { Heading, Line, PageText } from "./types.ts";

type Kind = "ROMAN" | "LETTER" | "arabic" | "letter" | "roman";

const LABELS: [Kind, RegExp, (m: string) => number][] = [
  ["ROMAN", /^([IVX]{1,5})\.\s+(?=\.?\p{L})/u, (m) => romanValue(m.toLowerCase())],
  ["LETTER", /^([A-Z])\.\s+(?=\.?\p{L})/u, (m) => m.charCodeAt(0) - 64],
  ["arabic", /^(\d{1,2})[.)]\s+(?=\.?\p{L})/u, (m) => Number(m)],
  // Lower-case titles too ("a. acceptRanges", an option's name), when text follows them.
  ["letter", /^\(?([a-z])[.)]\s+(?=\.?\p{L})/u, (m) => m.charCodeAt(0) - 96],
  ["roman", /^\(?([ivx]{1,5})[.)]\s+(?=\.?\p{L})/u, (m) => romanValue(m)],
];

interface Found {
  kind: Kind;
  ordinal: number;
  x: number;
  title: string;
  page: number;
  line: number;
}

/** Indents of one kind agree within this many points. */
const INDENT_TOLERANCE = 4;
/** An outline needs this many headings... */
const MIN_HEADINGS = 4;
/** ...of at least this many kinds. */
const MIN_KINDS = 2;

/** Text comes between label `f` and the `next` one: they are not a list's consecutive items. */
function standsApart(f: Found, next: Found | undefined): boolean {
  return !next || next.page !== f.page || next.line > f.line + 1;
}

/** Every reading of a line's label (an "I." is a roman one or the letter I; sequence decides). */
function labels(l: Line): { kind: Kind; ordinal: number; rest: string }[] {
  const t = l.text.trim();
  const out: { kind: Kind; ordinal: number; rest: string }[] = [];
  for (const [kind, re, value] of LABELS) {
    const m = re.exec(t);
    if (m) out.push({ kind, ordinal: value(m[1]), rest: t.slice(m[0].length) });
  }
  return out;
}

/**
 * The outline, or [] when the document does not read as one. `isBodyStyle` says whether a
 * line is set like the text (the headings this finds are those no style marks).
 */
export function bodyFontOutline(pages: readonly PageText[], bodyPitch: number, skipPages: ReadonlySet<number>, isBodyStyle: (l: Line) => boolean): Heading[] {
  const found: Found[] = [];
  const next = new Map<Kind, number>();
  const indent = new Map<Kind, number>();
  const order: Kind[] = []; // kinds by first appearance
  pages.forEach((page, p) => {
    if (skipPages.has(p)) return;
    page.lines.forEach((l, i) => {
      if (!isBodyStyle(l) || !opensBlock(page.lines, i, bodyPitch)) return;
      for (const label of labels(l)) {
        const expected = next.get(label.kind) ?? 1;
        // One heading of a run may be unreadable as a title ("3. Event: <method>;"): the next one goes on.
        if (label.ordinal !== expected && label.ordinal !== expected + 1 && label.ordinal !== 1) continue;
        const at = indent.get(label.kind);
        if (at !== undefined && Math.abs(at - l.x) > INDENT_TOLERANCE) continue;
        const title = labelTitle(label.rest);
        if (!title) continue;
        // "a. apples" over "b. pears" is a list; "a. acceptRanges" over a paragraph about it is a heading.
        const listItem = (label.kind === "letter" || label.kind === "roman") && /^\p{Ll}/u.test(title) && (i + 1 >= page.lines.length || labels(page.lines[i + 1]).length > 0);
        if (listItem) continue;
        found.push({ kind: label.kind, ordinal: label.ordinal, x: l.x, title: `${l.text.trim().slice(0, l.text.trim().length - label.rest.length).trim()} ${title}`, page: p, line: i });
        next.set(label.kind, label.ordinal + 1);
        if (at === undefined) {
          indent.set(label.kind, l.x);
          order.push(label.kind);
        }
        // Deeper kinds start again under a new heading.
        for (const k of order.slice(order.indexOf(label.kind) + 1)) next.set(k, 1);
        break;
      }
    });
  });
  // Kinds nest by indent (a kind further in is deeper); a kind with one member is noise.
  const members = new Map<Kind, number>();
  for (const f of found) members.set(f.kind, (members.get(f.kind) ?? 0) + 1);
  const kinds = order.filter((k) => (members.get(k) ?? 0) >= 2).sort((a, b) => indent.get(a)! - indent.get(b)! || order.indexOf(a) - order.indexOf(b));
  const kept = found.filter((f) => kinds.includes(f.kind));
  if (kept.length < MIN_HEADINGS) return [];
  // One kind alone (I., II., III. and nothing under them) is an outline only when text comes
  // between each label and the next: a list's items follow one another. (A list item that
  // runs on to a second line is no title: see labelTitle.)
  if (kinds.length < MIN_KINDS && !kept.every((f, k) => standsApart(f, kept[k + 1]))) return [];
  return kept.map((f) => ({ title: f.title, level: kinds.indexOf(f.kind) + 1, page: f.page, line: f.line }));
}
