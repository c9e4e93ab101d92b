/**
 * A float's caption names a figure or a table, not a section: its label ("Figure 3",
 * "Tab. 2", "Abbildung 1") is told apart from a heading by its word.
 */
const CAPTION_WORD = String.raw`(?:figure|fig\.?|tab\.|table|listing|algorithm|plate|chart|exhibit|abbildung|tabelle|tableau)`;

/** A caption's opening: its label and number, then the colon, period or dash before its text. */
export const CAPTION_RE = new RegExp(String.raw`^${CAPTION_WORD}\s*[\dIVXA-Z][\d.\-–]*\s*[:.–—-]`, "iu");

/** A caption's label alone on its line ("Figure 3", "Table 2."). */
export const CAPTION_LABEL_RE = new RegExp(String.raw`^${CAPTION_WORD}\s*\d+[.:]?$`, "iu");
