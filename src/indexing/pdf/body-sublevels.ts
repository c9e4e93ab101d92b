/**
 * Headings set in the body font below a printed contents' deepest level. Long regulatory
 * releases and legal documents list "I.", "A." and "1." in their contents, then go two levels
 * deeper in the body with "a.", "b." and "(i)", "(ii)" set exactly like the text: no size,
 * weight or face tells them apart, only the numbering, and that they stand alone as short
 * lines that open a block. A list in a sentence ("a. the issuer shall ...;") has the same
 * labels, so a label counts only when its title is short, capitalised and not a clause, and
 * when the labels follow in sequence (a., b., c. ...; (i), (ii) ...), at least two of them.
 */
import type { Heading, Line, PageText, Pos } from "./types.ts";

type Kind = "letter" | "roman";

interface Labelled {
  kind: Kind;
  /** 1-based place in its sequence (a = 1, (iii) = 3). */
  ordinal: number;
  title: string;
  page: number;
  line: number;
}

/** "a. Title", "a) Title", "(a) Title"; "(i) Title", "i. Title" (roman when the sequence says so). */
const LETTER_RE = /^(?:\(([a-z])\)|([a-z])[.)])\s+(?=\p{Lu})/u;
const ROMAN_RE = /^(?:\(([ivx]{1,5})\)|([ivx]{1,5})[.)])\s+(?=\p{Lu})/u;

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };

export function romanValue(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUES[s[i]];
    const next = ROMAN_VALUES[s[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** At most this many words in a heading's title; a list item or clause runs longer. */
const MAX_TITLE_WORDS = 12;

/** A title that reads like a heading: capitalised, short, not a clause of a list. */
function titleLike(t: string): boolean {
  const words = t.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > MAX_TITLE_WORDS || t.length > 100) return false;
  if (/[,;:]$|\s(?:and|or)$/i.test(t)) return false;
  // A sentence ends with a period after many words; "Definitions." is fine.
  if (/\.$/.test(t) && words.length > 6) return false;
  return (t.match(/\p{L}/gu) ?? []).length >= 3;
}

/** The title of a labelled line: the words after the label, cut before a sentence that runs on. */
export function labelTitle(rest: string): string | null {
  const t = rest.trim();
  if (titleLike(t)) return t.replace(/\.$/, "");
  // "Scope of the Rule. The Commission proposed ..." (a run-in title in the body font).
  const m = /^(.{3,90}?\p{Ll}{2})\.\s+(?=\p{Lu})/u.exec(t);
  if (m && titleLike(m[1])) return m[1];
  return null;
}

/**
 * The line opens a block: first on its page, after a finished sentence or extra space, or
 * indented; or after a line set wholly in another face and size (a code listing, which ends
 * without punctuation), with at least a line's space between.
 */
export function opensBlock(lines: readonly Line[], i: number, pitch: number): boolean {
  if (i === 0) return true;
  const prev = lines[i - 1];
  const cur = lines[i];
  if (prev.y < cur.y) return true; // a new column
  const gap = prev.y - cur.y;
  if (gap > 1.35 * pitch) return true;
  if (prev.oneFont && prev.font !== cur.font && Math.abs(prev.size - cur.size) >= 0.8 && gap > 1.2 * cur.size) return true;
  return /[.:;!?)\]"”’]$/.test(prev.text.trim()) || cur.x > prev.x + 3;
}

function labelOf(l: Line): { kind: Kind; ordinal: number; rest: string }[] {
  const t = l.text.trim();
  const out: { kind: Kind; ordinal: number; rest: string }[] = [];
  const letter = LETTER_RE.exec(t);
  if (letter) out.push({ kind: "letter", ordinal: (letter[1] ?? letter[2]).charCodeAt(0) - 96, rest: t.slice(letter[0].length) });
  const roman = ROMAN_RE.exec(t);
  if (roman) out.push({ kind: "roman", ordinal: romanValue(roman[1] ?? roman[2]), rest: t.slice(roman[0].length) });
  return out;
}

export interface SublevelRange {
  /** Headings strictly after this position... */
  after: Pos;
  /** ...and strictly before this one. */
  before: Pos;
  skipPages?: ReadonlySet<number>;
  /** Letters are the leaf's own level ("a. Retail Customer" listed in the contents): look for romans only. */
  romansOnly?: boolean;
}

/**
 * Lettered and roman body-font headings in a range, levels 1 (letters) and 2 (romans under
 * them; 1 when no letter precedes). Empty unless one of the sequences has two members.
 */
export function bodyFontSublevels(pages: readonly PageText[], bodyPitch: number, range: SublevelRange): Heading[] {
  const found: Labelled[] = [];
  // Expected next ordinal per kind: a sequence goes a, b, c; romans restart under each letter.
  const next: Record<Kind, number> = { letter: 1, roman: 1 };
  const { after, before } = range;
  for (let p = after.page; p <= Math.min(before.page, pages.length - 1); p++) {
    if (range.skipPages?.has(p)) continue;
    const lines = pages[p].lines;
    for (let i = 0; i < lines.length; i++) {
      if (p === after.page && i <= after.line) continue;
      if (p === before.page && i >= before.line) break;
      if (!opensBlock(lines, i, bodyPitch)) continue;
      for (const label of labelOf(lines[i])) {
        if (range.romansOnly && label.kind === "letter") continue;
        // "(i)" after "(h)" is a letter; "(i)" opening a sequence or after "(ii)"... is a roman.
        if (label.ordinal !== next[label.kind] && !(label.ordinal === 1 && found.length > 0)) continue;
        const title = labelTitle(label.rest);
        if (!title) continue;
        found.push({ kind: label.kind, ordinal: label.ordinal, title: `${labelText(lines[i].text.trim(), label.rest)} ${title}`, page: p, line: i });
        next[label.kind] = label.ordinal + 1;
        if (label.kind === "letter") next.roman = 1;
        break;
      }
    }
  }
  // A restart ("a." again) without a sequence behind it is noise; keep sequences of two or more.
  const kept = keepSequences(found);
  let sawLetter = false;
  return kept.map((h) => {
    if (h.kind === "letter") sawLetter = true;
    return { title: h.title, level: h.kind === "roman" && sawLetter ? 2 : 1, page: h.page, line: h.line };
  });
}

/** The label as printed ("(ii)", "b."), from a line and the text after its label. */
function labelText(line: string, rest: string): string {
  return line.slice(0, line.length - rest.length).trim();
}

/** Members of runs (per kind, restarting at ordinal 1) that reach at least ordinal 2. */
function keepSequences(found: Labelled[]): Labelled[] {
  const keep = new Set<Labelled>();
  const runs: Record<Kind, Labelled[]> = { letter: [], roman: [] };
  const close = (kind: Kind) => {
    if (runs[kind].length >= 2) for (const h of runs[kind]) keep.add(h);
    runs[kind] = [];
  };
  for (const h of found) {
    if (h.ordinal === 1) close(h.kind);
    if (h.kind === "letter" && h.ordinal === 1) close("roman");
    runs[h.kind].push(h);
  }
  close("letter");
  close("roman");
  return found.filter((h) => keep.has(h));
}
