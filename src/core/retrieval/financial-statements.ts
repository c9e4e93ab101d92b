/**
 * Financial statements in filings and reports: which pages hold them (recognised from the
 * page's heading and its figures, no model), and which of them a question needs (from the
 * statements it names and the concepts it asks about, using the vocabulary in
 * data/finance-concepts.json). "Is the company capital intensive?" is answered from the
 * cash flow statement and income statement even though neither shares its words.
 */
import { readFileSync } from "node:fs";

export type StatementKind = "balance_sheet" | "income_statement" | "cash_flow_statement" | "equity_statement";

interface Vocabulary {
  statements: Record<StatementKind, string[]>;
  concepts: { phrases: string[]; statements: StatementKind[]; expand?: string[] }[];
}

const VOCABULARY = JSON.parse(readFileSync(new URL("./data/finance-concepts.json", import.meta.url), "utf8")) as Vocabulary;

/** Lower case, every run of non-alphanumerics one space, padded so phrases match whole words. */
export function plain(text: string): string {
  return ` ${text.toLowerCase().replace(/[’']/g, "").replace(/[^a-z0-9]+/g, " ").trim()} `;
}

const has = (haystack: string, phrase: string) => haystack.includes(` ${phrase} `);

/** Lines of a page searched for a statement's heading (headers and company names come first). */
const HEADING_LINES = 5;
/** A statement page is mostly figures. */
const MIN_FIGURES = 20;

/** Words that may precede a statement's name in its heading ("Condensed Consolidated Balance Sheets"). */
const QUALIFIERS = /^ (?:(?:condensed|consolidated|combined|unaudited|interim|the|company|and|subsidiaries) )*/;
/** A heading line is the name plus at most this much (a company name, "(unaudited)"). */
const HEADING_SLACK = 40;

/** The statement named by a heading line: the line starts with its name, after qualifiers, and says little else. */
function statementOfLine(line: string): StatementKind | null {
  const text = plain(line);
  const rest = text.replace(QUALIFIERS, " ");
  for (const kind of Object.keys(VOCABULARY.statements) as StatementKind[]) {
    const name = VOCABULARY.statements[kind].find((p) => rest.startsWith(` ${p} `));
    if (!name || rest.length - name.length > HEADING_SLACK) continue;
    // "Comprehensive income" statements are their own statement, not the income statement.
    if (kind === "income_statement" && has(rest, "comprehensive income")) return null;
    return kind;
  }
  return null;
}

/** The statement a page holds: one of its first lines is the statement's heading, and the page is mostly figures. */
export function statementOfPage(pageText: string): StatementKind | null {
  const lines = pageText.split("\n").filter((l) => l.trim()).slice(0, HEADING_LINES);
  const kind = lines.map(statementOfLine).find((k) => k !== null) ?? null;
  if (!kind) return null;
  const figures = pageText.match(/\(?\$?\d[\d,]*(?:\.\d+)?\)?/g)?.length ?? 0;
  return figures >= MIN_FIGURES ? kind : null;
}

export interface FinancialIntent {
  /** Statements the question needs, most specific first: named outright, then by concept. */
  statements: StatementKind[];
  /** True when the question names a statement outright ("using the cash flow statement"). */
  named: boolean;
  /** Words filings use for the concepts asked about, to add to the lexical query. */
  expansions: string[];
}

export function financialIntent(question: string): FinancialIntent {
  const q = plain(question);
  const statements: StatementKind[] = [];
  const add = (k: StatementKind) => {
    if (!statements.includes(k)) statements.push(k);
  };
  for (const k of Object.keys(VOCABULARY.statements) as StatementKind[]) if (VOCABULARY.statements[k].some((p) => has(q, p))) add(k);
  const named = statements.length > 0;
  const expansions: string[] = [];
  for (const concept of VOCABULARY.concepts) {
    if (!concept.phrases.some((p) => has(q, plain(p).trim()))) continue;
    concept.statements.forEach(add);
    for (const e of concept.expand ?? []) if (!expansions.includes(e)) expansions.push(e);
  }
  return { statements, named, expansions };
}
