/**
 * The Debian packages the generated half needs (names checked with `apt-cache policy` on
 * bookworm), and which command each kind of style runs: a style whose command is missing is
 * skipped, so a machine without LibreOffice still builds the LaTeX and Chromium families.
 */
export const GEN_PACKAGES = [
  "pandoc",
  "texlive-latex-base", // article, report, book, amsart (amscls)
  "texlive-latex-recommended", // KOMA-Script, bookmark
  "texlive-latex-extra", // memoir, titlesec
  "texlive-publishers", // IEEEtran
  "texlive-fonts-recommended", // psnfss: Times, Palatino, Charter, Helvetica
  "lmodern",
  "libreoffice-writer-nogui",
  "chromium",
  "fonts-liberation2",
  "fonts-dejavu-core",
  "poppler-utils", // pdftotext, pdfinfo
  "qpdf",
  "zip",
  "unzip",
];

/** Commands every style needs. */
export const COMMON_COMMANDS = ["pandoc", "qpdf", "pdftotext", "pdfinfo"];

/** Commands per typesetter. */
export const TOOL_COMMANDS = {
  latex: ["pdflatex"],
  libreoffice: ["soffice", "zip", "unzip"],
  chromium: ["chromium"],
} as const;

/** Versions recorded in the committed manifest (a different version may typeset differently). */
export const VERSIONED_PACKAGES = ["pandoc", "texlive-latex-base", "texlive-latex-extra", "libreoffice-writer-nogui", "chromium"];
