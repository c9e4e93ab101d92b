/**
 * Accents TeX sets as glyphs of their own. A font without accented letters (TeX's OT1
 * encoding, the default of LaTeX without fontenc) prints "é" as the acute accent's glyph placed
 * over an "e": pdfjs reads the two as "´e", so "déduit" read "d´eduit", "für" read "f¨ur", and
 * neither search nor title matching found the word. A spacing accent right before a letter is
 * that letter with the accent.
 */

/** Spacing accents and the combining marks they stand for. */
const MARKS: Record<string, string> = {
  "\u00b4": "\u0301", // acute
  "\u02c6": "\u0302", // circumflex
  "\u02dc": "\u0303", // tilde
  "\u00af": "\u0304", // macron
  "\u02d8": "\u0306", // breve
  "\u02d9": "\u0307", // dot above
  "\u00a8": "\u0308", // diaeresis
  "\u02da": "\u030a", // ring
  "\u02dd": "\u030b", // double acute
  "\u02c7": "\u030c", // caron
  "\u00b8": "\u0327", // cedilla
};

/** The spacing accents set over a letter, and the cedilla set under one. */
const ABOVE = Object.keys(MARKS).filter((c) => c !== "\u00b8").join("");
const CEDILLA = "\u00b8";

const ANY_ACCENT = new RegExp(`[${ABOVE}${CEDILLA}\`]`);

/**
 * A spacing accent, then the letter it sits on. Read in the order of their positions, an
 * accent narrower than its letter may come second: after a dotless i or j (which exist to
 * carry an accent: "ı´") and as the cedilla under "c¸". The grave accent is also the
 * backtick of code ("`echo`"): it is an accent only inside a word ("probl`eme") or over a
 * lone vowel ("a `a b" for "à").
 */
const ACCENTED = new RegExp(
  `([\u0131\u0237])([${ABOVE}\`])|([cCsStT])(${CEDILLA})|([${ABOVE}${CEDILLA}])(\\p{L})|(?<=\\p{L})\`(\\p{L})|(?<![\\p{L}\`])\`([aeiouAEIOU])(?![\\p{L}\`])`,
  "gu",
);

/** Dotless i and j, which TeX puts under an accent: "´ı" is "í". */
const DOTTED: Record<string, string> = { "\u0131": "i", "\u0237": "j" };

export function composeAccents(text: string): string {
  if (!ANY_ACCENT.test(text)) return text;
  return text.replace(ACCENTED, (...groups: (string | undefined)[]) => {
    const [, dotless, after, cedillaLetter, cedilla, accent, letter, inWord, lone] = groups;
    const base = dotless ?? cedillaLetter ?? letter ?? inWord ?? lone ?? "";
    const sign = after ?? cedilla ?? accent;
    const mark = sign && sign !== "`" ? MARKS[sign] : "\u0300";
    return `${DOTTED[base] ?? base}${mark}`.normalize("NFC");
  });
}
