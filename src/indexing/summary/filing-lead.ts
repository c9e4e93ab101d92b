/**
 * What an SEC filing is, from its cover page: company, form and period ("3M COMPANY: annual
 * report on Form 10-K for the fiscal year ended December 31, 2022."), so a description starts
 * with what a reader of a list of documents needs first. Null for anything without a filing
 * cover (the form line and a period or report date, on the first pages).
 */
import type { TreeNode } from "../tree-types.ts";

/** Cover pages end long before this many characters of text. */
const COVER_CHARS = 6_000;

const FORMS: Record<string, string> = {
  "10-K": "annual report",
  "10-KT": "transition report",
  "10-Q": "quarterly report",
  "8-K": "current report",
  "20-F": "annual report",
  "40-F": "annual report",
  "6-K": "report of a foreign issuer",
};

const DATE = String.raw`([A-Z][a-z]+\.? \d{1,2}, \d{4})`;

function coverText(tree: TreeNode[]): string {
  let text = "";
  const walk = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      if (text.length >= COVER_CHARS) return;
      text += `${n.text}\n`;
      walk(n.nodes);
    }
  };
  walk(tree);
  return text.slice(0, COVER_CHARS);
}

function companyOf(lines: string[]): string | undefined {
  const exact = lines.findIndex((l) => /\(exact name of (the )?registrant/i.test(l));
  if (exact > 0) {
    for (let i = exact - 1; i >= Math.max(0, exact - 3); i--) if (/\p{L}{2}/u.test(lines[i]) && lines[i].length <= 80) return lines[i];
  }
  // Covers without that caption name the company in capitals after the file number.
  const file = lines.findIndex((l) => /commission file number/i.test(l));
  for (let i = file + 1; file >= 0 && i < Math.min(lines.length, file + 4); i++) {
    const l = lines[i];
    if (l.length <= 80 && /\p{Lu}{2}/u.test(l) && l === l.toUpperCase() && !/\d{3}/.test(l)) return l;
  }
  return undefined;
}

export function filingLead(tree: TreeNode[]): string | null {
  const text = coverText(tree);
  const form = /\bFORM\s+(10-KT?|10-Q|8-K|20-F|40-F|6-K)\b/.exec(text)?.[1];
  if (!form) return null;
  const period =
    new RegExp(String.raw`for the (fiscal year|quarterly period|transition period) ended:?\s+${DATE}`, "i").exec(text) ??
    new RegExp(String.raw`date of report[^:]*:\s*${DATE}`, "i").exec(text);
  if (!period) return null;
  const when = period.length === 3 ? `for the ${period[1].toLowerCase()} ended ${period[2]}` : `dated ${period[1]}`;
  const lines = text.split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean);
  const company = companyOf(lines);
  return `${company ? `${company}: ` : ""}${FORMS[form]} on Form ${form} ${when}.`;
}
