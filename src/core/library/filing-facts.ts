/**
 * What a securities filing says about itself on its cover page: the form ("10-K", "10-Q",
 * "8-K", "20-F", ...), the period it covers, and the registrant's name. These name the
 * document the way questions do ("3M's FY2018 10-K", "Pfizer's Q2 2023 10-Q"), whatever
 * the file is called. Only the first pages are read; any form the cover states is taken.
 */

export interface FilingFacts {
  form: string;
  /** The year the period ends ("fiscal year ended May 26, 2019" -> 2019), and the period words. */
  year?: string;
  period?: string;
  company?: string;
  /** Trading symbols listed on the cover ("JPM", "WMT"): questions often name the ticker. */
  symbols: string[];
}

const FORM = /\bFORM\s+(10-K(?:\/A)?|10-Q(?:\/A)?|8-K(?:\/A)?|20-F|40-F|6-K|S-1|DEF\s?14A)\b/i;
const PERIOD = /\bfor\s+the\s+(fiscal\s+year|quarterly\s+period|year|transition\s+period)\s+ended:?\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+(\d{4}))/i;
const REPORT_DATE = /\bDate\s+of\s+Report\s*\(Date\s+of\s+earliest\s+event\s+reported\)\s*:?\s*([A-Z][a-z]+\.?\s+\d{1,2},?\s+(\d{4}))/i;
const REGISTRANT = /\(\s*Exact\s+name\s+of\s+registrant/i;
const TRADING_SYMBOLS = /Trading\s+Symbol/i;
/** A symbol is the capitals just before the exchange it trades on, in the cover's table. */
const SYMBOL_BEFORE_EXCHANGE = /\b([A-Z]{1,5})(?:\s+PR\s+[A-Z])?\s+(?:The\s+)?(?:New\s+York\s+Stock\s+Exchange|NYSE|Nasdaq|NASDAQ|Chicago\s+Stock\s+Exchange)\b/g;

export function filingFacts(firstPages: string[]): FilingFacts | null {
  const text = firstPages.join("\n");
  const form = FORM.exec(text);
  if (!form) return null;
  const facts: FilingFacts = { form: form[1].toUpperCase().replace(/\s+/g, " "), symbols: tradingSymbols(text) };
  const period = PERIOD.exec(text);
  const reported = REPORT_DATE.exec(text);
  if (period) {
    facts.period = `${period[1].toLowerCase().replace(/\s+/g, " ")} ${period[2]}`;
    facts.year = period[3];
  } else if (reported) {
    facts.period = reported[1];
    facts.year = reported[2];
  }
  const company = registrantName(text);
  if (company) facts.company = company;
  return facts;
}

function tradingSymbols(text: string): string[] {
  const at = TRADING_SYMBOLS.exec(text);
  if (!at) return [];
  const table = text.slice(at.index, at.index + 1500);
  return [...new Set([...table.matchAll(SYMBOL_BEFORE_EXCHANGE)].map((m) => m[1]))].slice(0, 5);
}

/** The line(s) just above "(Exact name of registrant as specified in its charter)". */
function registrantName(text: string): string | undefined {
  const at = REGISTRANT.exec(text);
  if (!at) return undefined;
  const before = text.slice(Math.max(0, at.index - 300), at.index).split("\n").map((l) => l.trim()).filter(Boolean);
  for (let i = before.length - 1; i >= 0 && i >= before.length - 3; i--) {
    const line = before[i].replace(/\s+/g, " ");
    // Not a file number, a form line or a checkbox line: a name has letters and few digits.
    if (/^commission\s+file/i.test(line) || /\bFORM\b/.test(line) || /^[\d\s\-()]+$/.test(line)) continue;
    if (line.length >= 2 && line.length <= 120 && /\p{L}{2}/u.test(line)) return line;
  }
  return undefined;
}

/** What names the filing: company, symbols, form and year ("Walmart Inc. WMT 10-K 2020"). */
export function filingIdentity(facts: FilingFacts): string {
  return [facts.company, ...facts.symbols, facts.form, facts.year].filter(Boolean).join(" ");
}

/** The rest, as words: "form 10-k fiscal year ended January 31, 2020". */
export function filingWords(facts: FilingFacts): string {
  return [`form ${facts.form}`, facts.period].filter(Boolean).join(" ");
}
