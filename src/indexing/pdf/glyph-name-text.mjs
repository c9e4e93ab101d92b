// The text a glyph name stands for, by the Adobe Glyph List specification's mapping
// (adobe-type-tools/agl-specification, section 2): drop everything from the first period,
// split the rest at underscores, and map each part through the glyph list, as "uniXXXX..."
// (one or more groups of four hex digits) or as "uXXXX" to "uXXXXXX". A part that maps to
// nothing makes the whole name unknown.
//
// A simple font without a ToUnicode map is read through the glyph names of its encoding.
// pdfjs looks a name up whole, so "four.oldstyle", "a.sc" or "one.taboldstyle" (old-style
// figures and small capitals of many TeX fonts) and ligatures such as "t_t" came out as the
// character code itself: "4.3.1 Method 1" read "N.V.P Method P".
//
// Adobe's expert names ("oneoldstyle", "Asmall", "Eacutesmall") are in the glyph list, but
// mapped into Adobe's private-use area, which no search or reader knows: "1 Introduction" in
// Myriad Pro's old-style figures read "\uf731 Introduction". They are read as their figure or
// letter (a small capital as the lowercase letter, as it reads in running text).
//
// Plain JavaScript and self-contained (nothing from outside its body): its source is written
// into pdfjs' worker module (pdfjs-worker-source.mjs).

/**
 * @param {string} name a glyph name from a font's encoding
 * @param {Record<string, number>} glyphList glyph names to Unicode code points (pdfjs' list)
 * @returns {string} the text, or "" where the name is the list's own (the caller looks it up)
 *   or says nothing the list knows
 */
export function glyphNameText(name, glyphList) {
  const isSurrogate = (code) => code >= 0xd800 && code <= 0xdfff;
  const expert = /^(.+?)(oldstyle|small)$/.exec(name);
  if (expert) {
    const base = expert[2] === "small" ? expert[1].toLowerCase() : expert[1];
    const code = glyphList[base] ?? glyphList[expert[1]];
    if (code !== undefined && !(code >= 0xe000 && code <= 0xf8ff)) return String.fromCodePoint(code);
  }
  // A name of one part without a suffix pdfjs reads itself ("A", "uni0041", "G12").
  if (glyphList[name] !== undefined || !/[._]/.test(name)) return "";
  const dot = name.indexOf(".");
  const base = dot >= 0 ? name.slice(0, dot) : name;
  if (!base) return "";
  let text = "";
  for (const part of base.split("_")) {
    const listed = glyphList[part];
    if (listed !== undefined) {
      text += String.fromCodePoint(listed);
      continue;
    }
    const uni = /^uni((?:[0-9A-F]{4})+)$/.exec(part);
    if (uni) {
      for (let i = 0; i < uni[1].length; i += 4) {
        const code = parseInt(uni[1].slice(i, i + 4), 16);
        if (isSurrogate(code)) return "";
        text += String.fromCharCode(code);
      }
      continue;
    }
    const u = /^u([0-9A-F]{4,6})$/.exec(part);
    if (u) {
      const code = parseInt(u[1], 16);
      if (isSurrogate(code) || code > 0x10ffff) return "";
      text += String.fromCodePoint(code);
      continue;
    }
    return "";
  }
  return text;
}
