/**
 * The title of a printed table of contents, in the languages documents here are written in:
 * "Contents", "Inhaltsverzeichnis", "Table des matières", "Sumário", "Índice", "Indice",
 * "Inhoudsopgave", "Spis treści", "Obsah", "Содержание", "目次". A back-of-book index may
 * carry some of these names too ("Índice" in Spanish): the callers judge the page itself.
 */
export const CONTENTS_TITLE_RE =
  /^(?:table of contents|contents|content|index of contents|inhalt|inhaltsverzeichnis|table des mati[eè]res|sommaire|sum[aá]rio|[ií]ndice(?: general)?|contenidos?|conte[uú]do|sommario|inhoud(?:sopgave)?|innehåll(?:sförteckning)?|indholdsfortegnelse|innhold(?:sfortegnelse)?|sisällys(?:luettelo)?|spis treści|obsah|tartalomjegyzék|cuprins|içindekiler|содержание|оглавление|目次|目录|目錄|차례|목차)$/iu;

/** The title of a list of figures, tables or the like, which may follow the contents. */
export const LIST_TITLE_RE =
  /^(?:list of (?:figures|tables|illustrations|exhibits|charts|abbreviations)|abbildungsverzeichnis|tabellenverzeichnis|abkürzungsverzeichnis|liste des (?:figures|tableaux|illustrations)|table des (?:figures|illustrations)|lista de (?:figuras|tabelas|tablas|ilustrações|ilustraciones|quadros|abreviaturas(?: e siglas)?)|elenco delle (?:figure|tabelle)|lijst van (?:figuren|tabellen)|spis (?:rysunków|tabel|ilustracji)|seznam (?:obrázků|tabulek)|список (?:иллюстраций|таблиц|рисунков))$/iu;

/** A line or title that is a contents' title, a closing colon or period aside ("Contents:"). */
export function isContentsTitle(text: string): boolean {
  return CONTENTS_TITLE_RE.test(text.trim().replace(/[:.]$/, ""));
}

/** A line or title that is a list's title ("List of Figures."). */
export function isListTitle(text: string): boolean {
  return LIST_TITLE_RE.test(text.trim().replace(/[:.]$/, ""));
}

/** A contents' or list's own title: front matter, not a section of the text. */
export function isFrontTitle(title: string): boolean {
  return isContentsTitle(title) || isListTitle(title);
}
