/**
 * LaTeX looks: pandoc's LaTeX writer with its default template (which defines the macros its
 * output uses), a document class, a font package and a preamble of our own, then pdflatex run
 * twice (hyperref writes the bookmarks from the first run's .out file). Every level gets a
 * bookmark (tocdepth and bookmark depth 5), so the outline names every typeset heading.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { PandocDoc } from "./markdown.ts";
import { run } from "./run.ts";
import type { StyleLook } from "./style.ts";

export interface LatexStyle extends StyleLook {
  tool: "latex";
  documentclass: string;
  classoption?: string[];
  /** psnfss font package (mathptmx = Times, mathpazo = Palatino, charter, helvet); default Latin Modern. */
  fontfamily?: string;
  /** Markdown level 1 as \chapter (report, book, memoir) instead of \section. */
  chapters?: boolean;
  /**
   * pandoc --number-sections. Unnumbered looks made with titlesec still number (and hide the
   * number in the format): titlesec's unnumbered sections leave hyperref without a fresh
   * anchor, and their bookmarks point at an earlier heading's page.
   */
  numbered: boolean;
  /** Indented paragraphs instead of pandoc's default parskip (blank line between paragraphs). */
  indent?: boolean;
  /** A printed table of contents after the title. */
  toc?: boolean;
  /** Extra preamble (titlesec formats, chapter styles). */
  preamble?: string;
}

const BOOKMARKS_ALL_LEVELS = String.raw`\setcounter{tocdepth}{5}
\makeatletter\@ifpackageloaded{bookmark}{\bookmarksetup{depth=5}}{\hypersetup{bookmarksdepth=5}}\makeatother
`;

export const LATEX_STYLES: LatexStyle[] = [
  {
    tool: "latex",
    family: "gen-latex / article numbered",
    documentclass: "article",
    numbered: true,
    bodyFace: "Latin Modern",
    headingFace: "Latin Modern",
    headingStyle: "bold, sizes by level, run-in \\paragraph at level 4",
  },
  {
    tool: "latex",
    family: "gen-latex / report chapters Times",
    documentclass: "report",
    fontfamily: "mathptmx",
    chapters: true,
    numbered: true,
    indent: true,
    toc: true,
    bodyFace: "Times",
    headingFace: "Times",
    headingStyle: "Chapter N display headings, bold sections, printed contents",
  },
  {
    tool: "latex",
    family: "gen-latex / book two-sided Palatino",
    documentclass: "book",
    classoption: ["twoside", "openright"],
    fontfamily: "mathpazo",
    chapters: true,
    numbered: true,
    indent: true,
    toc: true,
    bodyFace: "Palatino",
    headingFace: "Palatino",
    headingStyle: "chapters on right-hand pages, running heads, printed contents",
  },
  {
    tool: "latex",
    family: "gen-latex / IEEEtran two-column",
    documentclass: "IEEEtran",
    classoption: ["conference"],
    fontfamily: "mathptmx",
    numbered: true,
    indent: true,
    bodyFace: "Times",
    headingFace: "Times",
    headingStyle: "two columns; I. centred small caps sections, A. italic subsections, 1) run-in",
  },
  {
    tool: "latex",
    family: "gen-latex / amsart",
    documentclass: "amsart",
    numbered: true,
    indent: true,
    bodyFace: "Latin Modern",
    headingFace: "Latin Modern",
    headingStyle: "centred small caps sections, bold run-in subsections",
  },
  {
    tool: "latex",
    family: "gen-latex / KOMA-Script scrartcl",
    documentclass: "scrartcl",
    numbered: true,
    bodyFace: "Latin Modern",
    headingFace: "Latin Modern Sans",
    headingStyle: "sans bold, sizes by level",
  },
  {
    tool: "latex",
    family: "gen-latex / memoir bringhurst",
    documentclass: "memoir",
    classoption: ["oneside"],
    fontfamily: "charter",
    chapters: true,
    numbered: true,
    indent: true,
    toc: true,
    preamble: String.raw`\chapterstyle{bringhurst}
\setsecheadstyle{\Large\scshape\raggedright}
\setsubsecheadstyle{\large\itshape\raggedright}
`,
    bodyFace: "Charter",
    headingFace: "Charter",
    headingStyle: "small caps chapters and sections, italic subsections, printed contents",
  },
  {
    tool: "latex",
    family: "gen-latex / titlesec small caps",
    documentclass: "article",
    numbered: true,
    indent: true,
    preamble: String.raw`\usepackage{titlesec}
\titleformat{\section}{\normalfont\Large\scshape}{\thesection}{1em}{}
\titleformat{\subsection}{\normalfont\large\scshape}{\thesubsection}{1em}{}
\titleformat{\subsubsection}{\normalfont\normalsize\scshape}{\thesubsubsection}{1em}{}
`,
    bodyFace: "Latin Modern",
    headingFace: "Latin Modern",
    headingStyle: "numbered small caps (capital at heading size, smaller capitals)",
  },
  {
    tool: "latex",
    family: "gen-latex / titlesec run-in",
    documentclass: "article",
    fontfamily: "mathptmx",
    numbered: true,
    indent: true,
    preamble: String.raw`\usepackage{titlesec}
\titleformat{\section}{\normalfont\large\bfseries}{}{0pt}{}
\titleformat{\subsection}[runin]{\normalfont\normalsize\bfseries}{}{0pt}{}[.]
\titleformat{\subsubsection}[runin]{\normalfont\normalsize\itshape}{}{0pt}{}[.]
\titleformat{\paragraph}[runin]{\normalfont\normalsize\itshape}{}{0pt}{}[:]
\titlespacing*{\subsection}{0pt}{1.5ex plus .5ex}{1em}
\titlespacing*{\subsubsection}{\parindent}{1ex plus .5ex}{1em}
\titlespacing*{\paragraph}{\parindent}{1ex plus .5ex}{1em}
`,
    bodyFace: "Times",
    headingFace: "Times",
    headingStyle: "unnumbered; bold sections, body-size run-in headings below (bold, italic)",
  },
  {
    tool: "latex",
    family: "gen-latex / titlesec centred",
    documentclass: "article",
    fontfamily: "mathpazo",
    numbered: true,
    preamble: String.raw`\usepackage{titlesec}
\titleformat{\section}[block]{\normalfont\large\bfseries\filcenter}{}{0pt}{\MakeUppercase}
\titleformat{\subsection}[block]{\normalfont\normalsize\bfseries\filcenter}{}{0pt}{}
\titleformat{\subsubsection}[block]{\normalfont\normalsize\itshape\filcenter}{}{0pt}{}
\titleformat{\paragraph}[block]{\normalfont\normalsize\filcenter}{}{0pt}{}
`,
    bodyFace: "Palatino",
    headingFace: "Palatino",
    headingStyle: "unnumbered, centred: upper-case sections, body-size subsections",
  },
  {
    tool: "latex",
    family: "gen-latex / sans Helvetica unnumbered",
    documentclass: "article",
    classoption: ["11pt"],
    fontfamily: "helvet",
    numbered: false,
    preamble: String.raw`\renewcommand{\familydefault}{\sfdefault}
`,
    bodyFace: "Helvetica",
    headingFace: "Helvetica",
    headingStyle: "unnumbered bold, sizes by level",
  },
  // Unnumbered looks in other faces and classes (thirty-first session): headings told from the
  // text by size and weight alone, down to bold at the text's size.
  {
    tool: "latex",
    family: "gen-latex / article unnumbered",
    documentclass: "article",
    numbered: false,
    indent: true,
    bodyFace: "Latin Modern",
    headingFace: "Latin Modern",
    headingStyle: "unnumbered bold, sizes by level, bold at the text's size below",
  },
  {
    tool: "latex",
    family: "gen-latex / report unnumbered Utopia",
    documentclass: "report",
    classoption: ["12pt"],
    fontfamily: "utopia",
    chapters: true,
    numbered: false,
    toc: true,
    bodyFace: "Utopia",
    headingFace: "Utopia",
    headingStyle: "unnumbered chapters and bold sections, printed contents",
  },
  {
    tool: "latex",
    family: "gen-latex / KOMA-Script unnumbered sans body",
    documentclass: "scrartcl",
    numbered: false,
    preamble: String.raw`\renewcommand{\familydefault}{\sfdefault}
`,
    bodyFace: "Latin Modern Sans",
    headingFace: "Latin Modern Sans",
    headingStyle: "unnumbered sans bold over a sans text, sizes by level",
  },
  {
    tool: "latex",
    family: "gen-latex / sans Avant Garde unnumbered",
    documentclass: "article",
    classoption: ["10pt"],
    fontfamily: "avant",
    numbered: false,
    indent: true,
    preamble: String.raw`\renewcommand{\familydefault}{\sfdefault}
`,
    bodyFace: "Avant Garde",
    headingFace: "Avant Garde",
    headingStyle: "unnumbered bold, sizes by level, indented paragraphs",
  },
  {
    tool: "latex",
    family: "gen-latex / sans Latin Modern unnumbered",
    documentclass: "article",
    classoption: ["11pt"],
    numbered: false,
    preamble: String.raw`\renewcommand{\familydefault}{\sfdefault}
`,
    bodyFace: "Latin Modern Sans",
    headingFace: "Latin Modern Sans",
    headingStyle: "unnumbered bold, sizes by level, 11 pt",
  },
  {
    tool: "latex",
    family: "gen-latex / report Helvetica headings over Times",
    documentclass: "report",
    fontfamily: "mathptmx",
    chapters: true,
    numbered: false,
    preamble: String.raw`\usepackage[scaled=0.92]{helvet}
\usepackage{sectsty}
\allsectionsfont{\sffamily}
`,
    bodyFace: "Times",
    headingFace: "Helvetica",
    headingStyle: "unnumbered chapters and sections in sans bold over a Times text",
  },
];

/** Typesets `doc` into `pdf`; `work` is a scratch directory of this document. */
export async function renderLatex(style: LatexStyle, doc: PandocDoc, work: string, pdf: string): Promise<void> {
  const json = path.join(work, "doc.json");
  const header = path.join(work, "header.tex");
  writeFileSync(json, JSON.stringify(doc));
  writeFileSync(header, BOOKMARKS_ALL_LEVELS + (style.preamble ?? ""));
  const args = ["-f", "json", "-t", "latex", "-s", "--no-highlight", "-V", `documentclass=${style.documentclass}`, "-H", header, "-o", path.join(work, "doc.tex")];
  for (const o of style.classoption ?? []) args.push("-V", `classoption=${o}`);
  if (style.fontfamily) args.push("-V", `fontfamily=${style.fontfamily}`);
  if (style.chapters) args.push("--top-level-division=chapter");
  if (style.numbered) args.push("--number-sections");
  if (style.indent) args.push("-V", "indent");
  if (style.toc) args.push("--toc");
  await run("pandoc", [...args, json]);
  const latex = ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", work, "doc.tex"];
  await run("pdflatex", latex, { cwd: work, timeoutMs: 180_000 });
  await run("pdflatex", latex, { cwd: work, timeoutMs: 180_000 });
  await run("cp", [path.join(work, "doc.pdf"), pdf]);
}
