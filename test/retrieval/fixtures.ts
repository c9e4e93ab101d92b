/** PDFs for the retrieval tests: a small annual report whose facts sit on known pages. */
import { makePdf } from "../helpers/pdf.ts";

const filler = (topic: string) => `The company reviews ${topic} every year with the board and its committees.`;

/** Page numbers (physical) of the facts the tests ask about. */
export const REPORT_FACTS = {
  revenuePage: 3,
  riskCyberPage: 5,
  item7aPage: 7,
  leasePage: 8,
};

export function annualReportPdf(): Promise<Uint8Array> {
  return makePdf([
    { lines: ["# Annual Report 2023", "Prepared for the shareholders of Example Holdings.", filler("strategy")] },
    { lines: ["# 1 Business", "Example Holdings makes industrial adhesives and safety products.", filler("products"), filler("markets")] },
    // The Business section continues: the revenue fact is on its second page.
    { lines: ["Net sales were $4,213 million in fiscal 2023, up 6.2 percent.", filler("pricing"), filler("distribution")] },
    { lines: ["# 2 Risk Factors", "## 2.1 Market risks", "Demand for adhesives follows construction activity.", filler("market demand")] },
    { lines: ["## 2.2 Cybersecurity risks", "A breach of our information systems could disrupt operations.", "Ransomware attacks on suppliers are a growing threat.", filler("security")] },
    { lines: ["# 3 Management Discussion", "Operating margin improved because of lower freight costs.", filler("margins")] },
    { lines: ["# Item 7A Quantitative and Qualitative Disclosures About Market Risk", "Interest rate swaps hedge the floating rate notes.", filler("hedging")] },
    { lines: ["# 4 Notes to the Financial Statements", "Note 12 Leases: operating lease liabilities were $318 million.", "Right-of-use assets are amortised over the lease term.", filler("accounting")] },
  ]);
}
