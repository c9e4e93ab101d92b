/**
 * The title of a printed table of contents, in the languages documents here are written in:
 * "Contents", "Inhaltsverzeichnis", "Table des matières", "Sumário", "Índice", "Indice",
 * "Inhoudsopgave", "Spis treści", "Obsah", "Содержание", "目次". A back-of-book index may
 * carry some of these names too ("Índice" in Spanish): the callers judge the page itself.
 */
export const CONTENTS_TITLE_RE =
  /^(?:table of contents|contents|content|index of contents|inhalt|inhaltsverzeichnis|table des mati[eè]res|sommaire|sum[aá]rio|[ií]ndice(?: general)?|contenidos?|conte[uú]do|sommario|inhoud(?:sopgave)?|innehåll(?:sförteckning)?|indholdsfortegnelse|innhold(?:sfortegnelse)?|sisällys(?:luettelo)?|spis treści|obsah|tartalomjegyzék|cuprins|içindekiler|содержание|оглавление|目次|目录|目錄|차례|목차)$/iu;
