/**
 * The title of a printed table of contents, in the languages documents here are written in:
 * "Contents", "Inhaltsverzeichnis", "Table des matières", "Sumário", "Índice", "Indice",
 * "Inhoudsopgave", "Spis treści", "Obsah", "Содержание", "目次". A back-of-book index may
 * carry some of these names too ("Índice" in Spanish): the callers judge the page itself.
 */
export const CONTENTS_TITLE_RE =
  /^(?:table of contents|contents|content|index of contents|inhalt|inhaltsverzeichnis|table des mati[eè]res|sommaire|sum[aá]rio|[ií]ndice(?: general)?|contenidos?|conte[uú]do|sommario|inhoud(?:sopgave)?|innehåll(?:sförteckning)?|indholdsfortegnelse|innhold(?:sfortegnelse)?|sisällys(?:luettelo)?|spis treści|obsah|tartalomjegyzék|cuprins|içindekiler|содержание|оглавление|目次|目录|目錄|차례|목차)$/iu;

/**
 * The title of a list of figures, tables, symbols or the like, which may follow the contents.
 * A list of symbols or abbreviations has leaders and page numbers too (where each is first
 * used), out of the contents' order: read as more contents, it would move every section after
 * it to the pages its symbols name.
 */
export const LIST_TITLE_RE =
  /^(?:list of (?:figures|tables|illustrations|exhibits|charts|abbreviations(?: and (?:acronyms|symbols))?|acronyms|symbols(?: and abbreviations)?|notations?|algorithms|listings|plates|maps|schemes)|abbildungsverzeichnis|tabellenverzeichnis|abkürzungsverzeichnis|symbolverzeichnis|formelverzeichnis|algorithmenverzeichnis|liste des (?:figures|tableaux|illustrations|symboles|abréviations|sigles|acronymes|algorithmes)|table des (?:figures|illustrations)|lista de (?:figuras|tabelas|tablas|ilustrações|ilustraciones|quadros|abreviaturas(?: e siglas)?|siglas|símbolos|algoritmos|acrónimos)|índice de (?:figuras|tablas|cuadros)|elenco delle (?:figure|tabelle)|elenco dei simboli|lijst van (?:figuren|tabellen|symbolen)|spis (?:rysunków|tabel|ilustracji|symboli)|seznam (?:obrázků|tabulek|symbolů|zkratek)|список (?:иллюстраций|таблиц|рисунков|сокращений))$/iu;

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
