/** The text a glyph name stands for by the Adobe Glyph List's rules, or "" if none. */
export function glyphNameText(name: string, glyphList: Record<string, number>): string;
