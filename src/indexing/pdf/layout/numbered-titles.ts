/**
 * Numbering as evidence: the next section number after a heading found is a heading whatever
 * its type, and the title of a line that runs on past its number and title.
 */
import { isNextNumber, leadingSectionNumber } from "../section-numbers.ts";
import type { Line, PageText, Pos } from "../types.ts";
import type { Cand } from "./candidate.ts";
import { DOTTED_RE } from "./heading-numbering.ts";
import type { LayoutStats } from "./layout-stats.ts";
import { continuesAsSentence, startsBlock } from "./line-blocks.ts";
import { spacedApart } from "./run-in-titles.ts";
import { styleKey } from "./style-key.ts";
import { mergeWrapped } from "./wrapped-titles.ts";

/**
 * Numbering as evidence: a line that opens with the very next section number after a heading
 * already found ("4.1" found, then "4.1.1 preprocessText", then "4.1.2 firstHeader") is a
 * heading whatever its type: sub-sections set at body size, in a code face, or run into their
 * paragraph ("7.3 Line Numbers. The option ..."). Only numbers of two or more parts qualify
 * (a list numbered 1, 2, 3 follows any section "2"), and the line must open a block or set its
 * number apart in another face. Adds the headings to `cands`, in order.
 */
export function continueNumbering(cands: Cand[], pages: PageText[], stats: LayoutStats, range: { from: Pos; to: Pos; skipPages?: ReadonlySet<number> }): void {
  const found = new Map<string, Cand>();
  for (const c of cands) for (let j = c.line; j <= (c.lastLine ?? c.line); j++) found.set(`${c.page}:${j}`, c);
  // A number found already is that heading; a line repeating it is a running head or a reference.
  const numbersFound = new Set(cands.map((c) => leadingSectionNumber(c.title)?.join(".")).filter((n) => n !== undefined));
  const added: Cand[] = [];
  let last: number[] | null = null;
  const { from, to } = range;
  for (let p = from.page; p < Math.min(pages.length, to.page + 1); p++) {
    if (range.skipPages?.has(p)) continue;
    const lines = pages[p].lines;
    for (let i = 0; i < lines.length; i++) {
      if ((p === from.page && i <= from.line) || (p === to.page && i >= to.line)) continue;
      const known = found.get(`${p}:${i}`);
      if (known) {
        if (known.line === i) last = leadingSectionNumber(known.title) ?? last;
        continue;
      }
      const l = lines[i];
      const t = l.text.trim();
      const number: number[] | null = last ? leadingSectionNumber(t, 2) : null;
      // Running heads and footnotes are set smaller than the text.
      if (!number || !isNextNumber(last!, number) || numbersFound.has(number.join(".")) || l.size < stats.bodySize - 0.5 || (l.cells ?? 1) > 2) continue;
      const numberApart = l.lead !== undefined && l.lead.font !== stats.bodyFont && /^[\d.]+$/.test(l.lead.text.trim());
      if (!numberApart && !startsBlock(lines, i, stats.bodyPitch, stats.bodySize)) continue;
      const title = numberedTitle(l, stats);
      if (!title) continue;
      const closed = title !== t;
      if (!closed && continuesAsSentence(l, lines[i + 1], stats)) continue;
      added.push({ page: p, line: i, title, style: styleKey(l), size: l.size, depth: number.length, pattern: null, closed });
      last = number;
    }
  }
  if (!added.length) return;
  // A long numbered title wraps like any other ("4.1.7 SourceMapConsumer.prototype.source-" /
  // "ContentFor(source[, returnNullOnMissing])"): its lines are joined page by page.
  for (const p of new Set(added.map((c) => c.page))) {
    const onPage = added.filter((c) => c.page === p);
    mergeWrapped(onPage, pages[p].lines, stats.bodyPitch);
    cands.push(...onPage);
  }
  cands.sort((a, b) => a.page - b.page || a.line - b.line);
}

/**
 * The title of a line opening with a section number: the line itself when it is short and
 * not a sentence (a code name in lower case is fine: "4.1.1 preprocessText"); the words up
 * to the period that closes them when a sentence runs on after it; or the opening run in its
 * own face ("2.2.3.30 Table Renderer" before "The \markdownRendererTable macro ...").
 */
function numberedTitle(l: Line, stats: LayoutStats): string | null {
  const t = l.text.trim();
  const lead = l.lead?.text.trim();
  if (lead && l.lead!.font !== stats.bodyFont && lead.length < t.length && /\p{L}/u.test(lead.replace(/^[\d.]+/, ""))) {
    const rest = t.slice(lead.length);
    // A run that stops without closing punctuation, before a word that cannot open a
    // sentence, was cut by a word in another face (a code name: "3.3. Why is .toMatchTypeOf
    // deprecated? The method ..."): the title runs on to the sentence end that closes it.
    // ("2.4.2.3 Status This amplifier ...": the run is the title, set apart by its face.)
    const cut = !/[.:?!—–-]$/u.test(lead) && !/^\s*\p{Lu}/u.test(rest) ? beforeRunOnSentence(t) : null;
    if (cut && cut.length > lead.length) return numberedShape(cut);
    if ((rest.match(/\p{L}/gu) ?? []).length >= 6) return numberedShape(lead.replace(/[.:—–-]+$/u, "").trim());
  }
  const runOn = beforeRunOnSentence(t);
  return numberedShape(runOn ?? t);
}

/** Short enough for a title, made of words, not a clause of a sentence. */
function numberedShape(t: string): string | null {
  const body = t.replace(DOTTED_RE, "").replace(/^[\d.]+\s*/, "");
  const words = body.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0 || words.length > 12 || t.length > 100 || /[,;]$/.test(t)) return null;
  if ((body.match(/\p{L}/gu) ?? []).length < 3) return null;
  if (/\.$/.test(t) && words.length > 8) return null;
  return t;
}

/** Words that end in a period without ending a sentence. */
const ABBREVIATION_RE = /^(?:inc|corp|ltd|llc|bros|dept|fig|figs|vol|vols|etc|jr|sr|mr|mrs|ms|dr|st|no|nos|co|cf|approx|sec|art|ch|pp|vs)$/i;

/**
 * The heading part of a line that runs on into a sentence after its title's period ("6.5
 * CCS Supplemental Investment Plan. Effective February 2, 2004, the CCS"), or null. The
 * period closes a word (not an abbreviation or an initial), and at least three words follow.
 */
export function beforeRunOnSentence(t: string): string | null {
  // The closing word may be joined by hyphens ("eslint-plugin-jest."); a question ends a title too.
  const re = /(?<=^|\s)((?:\p{L}+-)*\p{L}\p{Ll}{2,})([.?])\s+(?=\p{Lu})/gu;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    if (ABBREVIATION_RE.test(m[1])) continue;
    const head = t.slice(0, m.index + m[1].length + (m[2] === "?" ? 1 : 0)).trim();
    const rest = t.slice(m.index + m[0].length);
    if (head.split(/\s+/).length < 2 || rest.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length < 3) return null;
    return head;
  }
  return null;
}

/**
 * A numbered title in a face of its own that runs into its paragraph with no period between
 * ("2.2.3.1 Attribute Renderers The following macros are only produced, when the"): the
 * title is the opening run, when what follows it in another face reads as a sentence (a
 * capital, then words in lower case), not as the rest of a title in two faces ("3.3 Input
 * [cmdk-input]"). An em of space after the title closes it as a period would, however few
 * words of the sentence share its line ("2.2.2.1 Finalizing the Cache" then an em, then "The
 * \markdownOptionFinalizeCache", the line ending in a command's long name).
 */
export function leadBeforeSentence(l: Line, t: string): string | null {
  const lead = l.lead?.text.trim();
  if (!l.lead || !lead || lead.length >= t.length || !t.startsWith(lead) || !/\p{L}/u.test(lead.replace(/^[\d.]+/, ""))) return null;
  const rest = t.slice(lead.length).trim().split(/\s+/);
  if (!/^\p{Lu}/u.test(rest[0] ?? "")) return null;
  const sentence = rest.slice(1).filter((w) => /^\p{Ll}+[,.;]?$/u.test(w)).length >= 3 || spacedApart(l.lead);
  return sentence ? lead.replace(/[.:—–-]+$/u, "").trim() : null;
}
