/**
 * Headings in plain text, where the text itself shows them:
 * - a line underlined by a line of `=` (level 1) or `-` (level 2), at least 3 long;
 * - a numbered line, "2 Usage" / "2.3 Options" / "2.3. Options" (level = how many numbers),
 *   short, after a blank line, and not one of a run of numbered lines (that is a list);
 * - a short line in capitals between blank lines ("INTRODUCTION"), level 1.
 */
export interface TextHeading {
  /** 0-based index of the heading's line (the title, not its underline). */
  index: number;
  /** Lines the heading takes (2 with an underline). */
  span: number;
  level: number;
  title: string;
}

const UNDERLINE = /^\s*(={3,}|-{3,})\s*$/;
const NUMBERED = /^\s*((?:[1-9]\d{0,2}|0)(?:\.\d{1,3})*)\.?\s+(\S.*)$/;
const MAX_TITLE = 80;

function blank(line: string | undefined): boolean {
  return line === undefined || line.trim() === "";
}

function numbered(line: string | undefined): RegExpExecArray | null {
  return line === undefined ? null : NUMBERED.exec(line);
}

export function findTextHeadings(lines: readonly string[]): TextHeading[] {
  const out: TextHeading[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const title = line.trim();
    if (!title) continue;
    const next = lines[i + 1];
    if (next !== undefined && UNDERLINE.test(next) && !UNDERLINE.test(line) && title.length <= MAX_TITLE * 1.5 && /[\p{L}\p{N}]/u.test(title)) {
      out.push({ index: i, span: 2, level: next.trim()[0] === "=" ? 1 : 2, title });
      i++;
      continue;
    }
    if (!blank(lines[i - 1])) continue;
    const m = numbered(line);
    if (m && title.length <= MAX_TITLE && /\p{L}/u.test(m[2]) && !/[.,;:!?]$/.test(m[2].trim()) && !numbered(next) && !numbered(lines[i - 2])) {
      out.push({ index: i, span: 1, level: m[1].split(".").length, title: `${m[1]} ${m[2].trim()}` });
      continue;
    }
    const letters = title.replace(/[^\p{L}]/gu, "");
    if (blank(next) && title.length <= 60 && letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
      out.push({ index: i, span: 1, level: 1, title });
    }
  }
  return out;
}
