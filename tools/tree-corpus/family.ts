/**
 * A PDF's typographic family, from what the PDF itself shows (inspect.ts), never from its
 * file or package name: the generator (producer, creator and a few markers in the text) and
 * the look of body and headings (the body typeface; the headings' typeface, weight and case).
 *
 *   family = "<generator> / <body face> / <heading style>"
 *
 * e.g. "latex-pdftex / Computer Modern / bold", "texinfo / Computer Modern / bold",
 * "latex-pdftex / Latin Modern / sans bold", "sphinx / Times / sans bold",
 * "fop / Times / sans bold", "latex-xetex / Libertine / small caps".
 */
import type { PdfLook } from "./inspect.ts";

/** Typefaces by font-name pattern (PostScript and TeX names); first match wins. */
const FACES: [RegExp, string][] = [
  [/^(LM(Roman|Sans|Mono|MathItalic|MathSymbols)|LatinModern|rm-lm|LMR\d|lmr)/i, "Latin Modern"],
  [/^(CMU|cm-super|SF(RM|BX|TT|SS|CC|TI|SL|SX|BI|BS|XC|SI|SO)\d|EC(RM|BX|TT|SS|CC|TI|SL|SX|BI|BL|SI|SO|RB|BC|TC|XC|ST|VT|IT|DH|OC)\d|TC(RM|BX|TT|SS|TI|SL|SX|BI)\d|CM[A-Z]+\d|CMR|CMBX|CMSS|CMTT|CMCSC|CMTI|CMB\d|CMSL)/, "Computer Modern"],
  [/Times|NimbusRom|TeXGyreTermes|Termes|^txr|^ptm|^utm|^STIX|^XITS|^newtx|^ntx/i, "Times"],
  [/Palatino|Palladio|Pagella|^ppl|^zpl|^FPL|Domitian|^qpl/i, "Palatino"],
  [/Helvetica|NimbusSan|TeXGyreHeros|Heros|Arial|^phv|^uhv|^qhv/i, "Helvetica"],
  [/Courier|NimbusMon|Cursor|^pcr|^qcr/i, "Courier"],
  [/Charter|^bch|XCharter/i, "Charter"],
  [/Utopia|Fourier|^put/i, "Utopia"],
  [/Bookman|Bonum|^pbk|^qbk/i, "Bookman"],
  [/Schlbk|Schola|CenturySchoolbook|NewCentury|^pnc|^qcs/i, "Century Schoolbook"],
  [/AvantGarde|Adventor|^pag|^qag/i, "Avant Garde"],
  [/Chancery|Chorus|^pzc/i, "Zapf Chancery"],
  [/Libertin|Biolinum/i, "Libertine"],
  [/Garamond|Garamondx|^ugm|^zgm/i, "Garamond"],
  [/^Jkp|kpfonts|^jkp/i, "Kp"],
  [/Fira/i, "Fira"],
  [/SourceSerif|SourceSans|SourceCode|SourceHan/i, "Source"],
  [/DejaVu|Bitstream ?Vera|Vera(Se|Mo|Bd|It)?$/i, "DejaVu"],
  [/Noto/i, "Noto"],
  [/Iwona/i, "Iwona"],
  [/Kurier/i, "Kurier"],
  [/AntykwaTorun|Antykwa-?Torun/i, "Antykwa Torunska"],
  [/AntykwaPoltaw|Poltawski/i, "Antykwa Poltawskiego"],
  [/Baskerv/i, "Baskerville"],
  [/Crimson|Cochineal/i, "Crimson"],
  [/^(CC|CCR|CCSL|CCTI)\d|Concrete/i, "Concrete"],
  [/Cantarell/i, "Cantarell"],
  [/Lato/i, "Lato"],
  [/Roboto/i, "Roboto"],
  [/OpenSans|Open ?Sans/i, "Open Sans"],
  [/Optima|Classico/i, "Optima"],
  [/Gill ?Sans/i, "Gill Sans"],
  [/Minion/i, "Minion"],
  [/Myriad/i, "Myriad"],
  [/Calibri|Cambria|Carlito|Caladea/i, "Calibri/Cambria"],
  [/Liberation/i, "Liberation"],
  [/Go(Mono|Regular|Bold|Medium|Italic|Smallcaps)|^Go-/, "Go"],
  [/Alegreya/i, "Alegreya"],
  [/Merriweather/i, "Merriweather"],
  [/Inconsolata/i, "Inconsolata"],
  [/Mathpazo|^ptmr/i, "Palatino"],
  [/^(rtxr|txtt)/i, "Times"],
  [/^Type3|^T3Font|^F\d+$/i, "Type 3 bitmap"],
];

const SANS = /Sans|Helvetica|Heros|Arial|^(CMSS|SFSS|ECSS|SFSX|ECSX|LMSans|phv|uhv|qhv)|Biolinum|Fira ?Sans|FiraSans|Iwona|Kurier|AvantGarde|Adventor|Optima|Classico|Gill|Myriad|Lato|Roboto|Verdana|Cantarell|Calibri|Carlito|Tahoma|Frutiger|Univers|Futura|Franklin|Segoe|Trebuchet|Avenir|Ubuntu/i;
const BOLD = /Bold|Black|Heavy|Semibold|SemiBold|Demi|Medi\b|-Medi|Medium|Bd\b|Bd$|-B$|BX\d|^CMB\d|^CMSSBX|^SFBX|^ECBX|^SFSX|^ECSX|^CMBXTI|^CMBXSL|BoldItalic|Extrabold/i;
const SMALL_CAPS = /SmallCaps|Small-?Caps|^CMCSC|^SFCC|^ECCC|^LMRomanCaps|Caps\d|RomanCaps|[-_]SC\b|-Sc$|SC$|Caps$|^pplrc|^ptmrc|Petite|CapsOT/;
const ITALIC = /Italic|Oblique|Slant|-It\b|-It$|Ital\b|^CMTI|^CMSL|^SFTI|^SFSL|^ECTI|^ECSL|BoldIt/i;
const MONO = /Mono|Courier|Typewriter|^CMTT|^SFTT|^ECTT|^LMMono|Cursor|Inconsolata|Consol|Code/i;

export function faceOf(fontName: string): string {
  const name = fontName.replace(/^[A-Z]{6}\+/, "");
  if (!name) return "unknown";
  if (name === "monospace") return "monospace";
  for (const [re, face] of FACES) if (re.test(name)) return face;
  // An unlisted face: its name without style suffix ("MinionPro-Regular" -> "MinionPro").
  return name.replace(/[-,_].*$/, "").replace(/(MT|PS|Std|Pro|LT)+$/i, "") || "unknown";
}

/** The tool that made the PDF, by producer and creator strings and a few markers in the first pages. */
export function generatorOf(look: Pick<PdfLook, "producer" | "creator" | "frontText" | "fonts">): string {
  const p = look.producer;
  const c = look.creator;
  const text = look.frontText;
  if (/ConTeXt/i.test(c) || /ConTeXt/i.test(p)) return "context";
  if (/Apache FOP|\bFOP\b/i.test(p)) return "fop";
  if (/dblatex/i.test(c) || /dblatex/i.test(p)) return "dblatex";
  if (/ReportLab/i.test(p) || /ReportLab/i.test(c)) return "reportlab";
  if (/Prawn/i.test(p) || /Prawn/i.test(c)) return "prawn";
  if (/LibreOffice|OpenOffice/i.test(p) || /Writer|LibreOffice|OpenOffice/i.test(c)) return "libreoffice";
  if (/Skia|Chrom/i.test(p)) return "chromium";
  if (/WeasyPrint/i.test(p)) return "weasyprint";
  if (/wkhtmltopdf|Qt /i.test(c) || /Qt /i.test(p)) return "qt";
  if (/groff/i.test(c) || /groff/i.test(p)) return "groff";
  if (/cairo/i.test(p)) return "cairo";
  if (/Microsoft|Word/i.test(p) || /Word/i.test(c)) return "word";
  if (/Acrobat Distiller|PDFMaker/i.test(p) || /PDFMaker/i.test(c)) return "distiller";
  const tex = /pdfTeX|pdfeTeX|LuaTeX|LuaHBTeX|XeTeX|xdvipdfmx|dvipdfm|MiKTeX/i.test(p) || /TeX|dvips/.test(c);
  if (/GAPDoc/i.test(c)) return "gapdoc";
  if (/Sphinx/i.test(c) || (tex && sphinxFonts(look.fonts))) return "sphinx";
  if (/Doxygen/i.test(c) || /Generated by Doxygen|\bDoxygen\b/i.test(text)) return "doxygen";
  if (tex) {
    const both = `${p} ${c}`;
    const engine = /LuaTeX|LuaHBTeX/i.test(both) ? "luatex" : /XeTeX|xdvipdfmx/i.test(both) ? "xetex" : /Ghostscript|AFPL|Distiller|dvips/i.test(both) ? "dvips" : /dvipdfm/i.test(both) ? "dvipdfmx" : "pdftex";
    // A class that names itself in the creator ("LaTeX with acmart ...", "LaTeX with Beamer class").
    const cls = /LaTeX with (?!hyperref)([A-Za-z][\w-]*)/i.exec(c)?.[1] ?? /class ([A-Za-z][\w-]*)\.cls/i.exec(c)?.[1];
    if (cls) return `latex-${cls.toLowerCase()}`;
    if (/LaTeX|hyperref/i.test(c)) return `latex-${engine}`;
    // Texinfo titles its contents "Table of Contents" (LaTeX's say "Contents").
    if (/\bTable of Contents\b/.test(text) && /^(pdf)?TeX$/i.test(c.trim())) return "texinfo";
    // Creator "TeX": plain TeX, or LaTeX without hyperref's creator entry.
    return `tex-${engine}`;
  }
  if (/Ghostscript|AFPL/i.test(p)) return "ghostscript";
  if (/Acrobat|Adobe/i.test(p)) return "adobe";
  const word = p.split(/[\s/(]/)[0];
  return word ? `other-${word.toLowerCase()}` : "unknown";
}

function sphinxFonts(fonts: Record<string, number>): boolean {
  // Sphinx's LaTeX writer (sphinx.sty with fontpkg times, headings in helvet, code in txtt):
  // TeX Gyre Termes, TeX Gyre Heros and txfonts' typewriter together.
  const names = Object.keys(fonts).join(" ");
  return /TeXGyreTermes/.test(names) && /TeXGyreHeros/.test(names) && /\bt1xtt|\btxtt/.test(names);
}

/** How headings are set: face relation to the body, weight, case. */
export function headingStyleOf(look: Pick<PdfLook, "bodyFont" | "headings">): string {
  const hs = look.headings;
  if (hs.length === 0) return "unmatched";
  const top = Math.min(...hs.map((h) => h.level));
  const sample = hs.filter((h) => h.level === top);
  // Small capitals anywhere in the headings mark the family: that is what readers of it must handle.
  const smallCaps = hs.filter((h) => SMALL_CAPS.test(h.font) || h.sizedCaps).length >= Math.max(1, hs.length / 3);
  if (smallCaps) return "small caps";
  const vote = (pred: (h: (typeof hs)[number]) => boolean) => sample.filter(pred).length > sample.length / 2;
  const bodySans = SANS.test(look.bodyFont);
  const sans = vote((h) => SANS.test(h.font) && !MONO.test(h.font));
  const bold = vote((h) => BOLD.test(h.font));
  const caps = vote((h) => h.caps);
  const italic = vote((h) => ITALIC.test(h.font) && !BOLD.test(h.font));
  const bodySize = vote((h) => h.rel > 0 && h.rel < 1.08);
  const parts: string[] = [];
  if (caps) parts.push("capitals");
  if (sans && !bodySans) parts.push("sans");
  if (!sans && bodySans && !MONO.test(sample[0].font)) parts.push("serif");
  parts.push(bold ? "bold" : italic ? "italic" : "regular");
  if (bodySize) parts.push("body size");
  return parts.join(" ");
}

export interface Family {
  family: string;
  generator: string;
  bodyFace: string;
  headingFace: string;
  headingStyle: string;
}

export function familyOf(look: PdfLook): Family {
  const generator = generatorOf(look);
  const bodyFace = faceOf(look.bodyFont);
  const top = Math.min(...look.headings.map((h) => h.level));
  const headingFont = look.headings.find((h) => h.level === top)?.font ?? "";
  const headingFace = headingFont ? faceOf(headingFont) : "unknown";
  const headingStyle = headingStyleOf(look);
  return { family: `${generator} / ${bodyFace} / ${headingStyle}`, generator, bodyFace, headingFace, headingStyle };
}
