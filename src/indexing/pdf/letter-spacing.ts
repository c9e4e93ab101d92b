/**
 * Letter-spaced text ("A B S T R A C T", "S o u r c e c o d e o f exteps"): titles set with
 * tracking (a thesis template's spaced capitals, a package's spaced headings) reach us with a
 * space after every letter, since pdfjs reads the tracking as word spaces. As read, such a
 * title is no word at all: no heading is seen there and a search for "abstract" misses it.
 * The letters are joined back into words, and the words found again with the document's own
 * vocabulary ("LISTOFFIGURES" -> "LIST OF FIGURES"); a run that those words cannot spell is
 * one word when it looks like one, else left as it is. Runs once on the pages after
 * extraction, changing line texts only. Where the gaps between a line's items still tell
 * letter from word spaces, lines.ts (trackingOf) has read the words already; what reaches
 * this step is spaced letters the gaps cannot part.
 */
import type { Line, PageText } from "./types.ts";

/**
 * Four or more letters (or kerned pairs, "FA", "ro") in a row, each a space apart. Kerning
 * pairs may come as one piece; most pieces must be single letters (see isSpacedRun), so
 * ordinary words of one or two letters ("il y a un") are left alone.
 */
const RUN_RE = /(?<!\S)(?:\p{L}{1,2} ){3,}\p{L}{1,2}(?!\S)/gu;
/** At least this share of a run's pieces are single letters. */
const MIN_SINGLE_SHARE = 0.75;
/** Spaced letters that spell no words of the document still read as one word when they look
 * like one: Latin capitals, or small letters after an optional capital ("ACKNOWLEDGMENTS",
 * "Preface", and "references" as a small-caps font encodes its capitals), with a vowel, and
 * not the alphabet's run ("A B C D E" heading a table's columns). */
const ONE_WORD_RE = /^(?:[A-Z]+|[A-Z]?[a-z]+)$/;
/** Longest word looked up when cutting a joined run into words. */
const MAX_WORD = 24;
/** A line that holds a run (RUN_RE without its global state). */
const HAS_RUN_RE = new RegExp(RUN_RE.source, "u");
/**
 * Every line that HAS_RUN_RE matches, and few others, without Unicode properties (which made
 * testing every line of a thousand pages, twice, most of this step's cost): four or more pieces
 * of one to four UTF-16 units (one or two letters, astral ones included), each an ASCII letter
 * or any other character beyond ASCII, a space apart, with whitespace or an end on either side.
 */
const MAY_HOLD_RUN_RE = /(?:^|\s)(?:[A-Za-z\u0080-\uffff]{1,4} ){3,}[A-Za-z\u0080-\uffff]{1,4}(?:\s|$)/;

function holdsRun(text: string): boolean {
  return MAY_HOLD_RUN_RE.test(text) && HAS_RUN_RE.test(text);
}

/** Joins the letter-spaced runs of every line (in place); returns how many runs were joined. */
export function joinLetterSpacing(pages: PageText[]): number {
  // Each line is tested once: the lines holding runs are joined, the others spell the words.
  const withRuns = new Set<Line>();
  for (const page of pages) for (const line of page.lines) if (holdsRun(line.text)) withRuns.add(line);
  let joined = 0;
  let vocabulary: Set<string> | null = null;
  const join = (text: string, count: boolean) =>
    text.replace(RUN_RE, (run) => {
      if (!isSpacedRun(run)) return run;
      vocabulary ??= vocabularyOf(pages, withRuns);
      const letters = run.replace(/ /g, "");
      const words = cutIntoWords(letters, vocabulary) ?? (looksLikeOneWord(letters) ? letters : null);
      if (words === null) return run;
      if (count) joined++;
      return words;
    });
  for (const line of withRuns) {
    line.text = join(line.text, true);
    if (line.lead) line.lead = { ...line.lead, text: join(line.lead.text, false) };
  }
  return joined;
}

function isSpacedRun(run: string): boolean {
  const pieces = run.split(" ");
  const singles = pieces.filter((p) => p.length === 1).length;
  return singles >= 4 && singles >= pieces.length * MIN_SINGLE_SHARE;
}

function looksLikeOneWord(letters: string): boolean {
  if (!ONE_WORD_RE.test(letters) || !/[AEIOUYaeiouy]/.test(letters)) return false;
  // Letters that each follow the one before in the alphabet ("ABCDEF") are a sequence.
  const lower = letters.toLowerCase();
  for (let i = 1; i < lower.length; i++) if (lower.charCodeAt(i) !== lower.charCodeAt(i - 1) + 1) return true;
  return false;
}

/** Lower-case words of two or more letters that the document sets unspaced, and "a". */
function vocabularyOf(pages: PageText[], withRuns: ReadonlySet<Line>): Set<string> {
  const words = new Set<string>(["a"]);
  for (const page of pages) {
    for (const line of page.lines) {
      if (withRuns.has(line)) continue; // its pieces are letters, not words
      const lower = line.text.toLowerCase();
      if (!addAsciiWords(lower, words)) for (const w of lower.match(/\p{L}{2,}/gu) ?? []) if (w.length <= MAX_WORD) words.add(w);
    }
  }
  return words;
}

/**
 * The vocabulary's words of an ASCII line (runs of two to MAX_WORD letters), by char codes:
 * every word of the document passes here. False, having added nothing, for other lines.
 */
function addAsciiWords(lower: string, words: Set<string>): boolean {
  for (let i = 0; i < lower.length; i++) if (lower.charCodeAt(i) > 127) return false;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if (c >= 97 && c <= 122) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 2 && i - start <= MAX_WORD) words.add(lower.slice(start, i));
      start = -1;
    }
  }
  return true;
}

/**
 * The fewest words of the vocabulary that spell `joined` (case kept), separated by spaces; null
 * when there are none. Spaced letters the document's words do not spell (a table of glyphs,
 * "Ă Ē Ģ Ĳ ł Œ", a row of column letters) are no spaced word, and stay as they are.
 */
function cutIntoWords(joined: string, vocabulary: ReadonlySet<string>): string | null {
  const lower = joined.toLowerCase();
  const n = lower.length;
  // best[i]: fewest words spelling lower[0, i); from[i]: where its last word starts.
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = Math.max(0, i - MAX_WORD); j < i; j++) {
      if (best[j] + 1 < best[i] && vocabulary.has(lower.slice(j, i))) {
        best[i] = best[j] + 1;
        from[i] = j;
      }
    }
  }
  if (best[n] === Infinity) return null;
  const words: string[] = [];
  for (let i = n; i > 0; i = from[i]) words.unshift(joined.slice(from[i], i));
  return words.join(" ");
}
