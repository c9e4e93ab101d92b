/**
 * The Debian packages whose documentation ships bookmarked PDFs, searched for with
 * `apt-cache search` (-doc packages, "PDF documentation", manuals). Not every package here
 * yields PDFs that are kept: the build reads whatever PDFs they install and keeps those with
 * a usable outline. `qpdf` is the tool the build itself needs.
 */
export const TOOL_PACKAGES = ["qpdf"];

export const DOC_PACKAGES = [
  // TeX Live package manuals: LaTeX classes and packages documented in many styles.
  "texlive-latex-base-doc",
  "texlive-latex-recommended-doc",
  "texlive-latex-extra-doc",
  "texlive-publishers-doc", // journal and conference classes, with their sample documents
  "texlive-humanities-doc",
  "texlive-science-doc",
  "texlive-pictures-doc",
  "texlive-fonts-recommended-doc",
  "texlive-fonts-extra-doc", // font packages, their manuals often set in the font itself
  "texlive-metapost-doc",
  "texlive-pstricks-doc",
  // Texinfo and plain TeX manuals.
  "lilypond-doc-pdf",
  "r-doc-pdf",
  "gnuplot-doc",
  "asymptote-doc",
  "octave-doc",
  "pari-doc",
  "maxima-doc",
  // GAPDoc, Sphinx, Doxygen, DocBook (dblatex, FOP), ReportLab, Prawn and other generators.
  "gap-doc",
  "erlang-doc",
  "python-reportlab-doc",
  "why3-doc-pdf",
  "siscone-doc-pdf",
  "auto-multiple-choice-doc-pdf",
  "gri-pdf-doc",
  "camlidl-doc",
  "freefem-doc",
  "docbook-xsl-doc-pdf",
  "eyes17-manuals-en",
  "tachyon-doc",
  "apophenia-doc",
  "seqan-raptor-doc",
  "ghostscript-doc",
  "engauge-digitizer-doc",
  "the-doc",
  "ocrmypdf-doc",
  "pikepdf-doc",
  "ruby-prawn-doc",
  "c++-annotations-pdf",
  "ubuntu-packaging-guide-pdf",
  "live-manual-pdf",
  // Debian's own manuals.
  "debian-reference-en",
  "debian-handbook",
  "developers-reference",
  "maint-guide",
  "debmake-doc",
  "debian-policy",
  "debian-faq",
];
