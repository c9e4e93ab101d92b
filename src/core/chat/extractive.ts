/**
 * The answer without a model: the best passages for the last question, quoted with their
 * sources, after a sentence saying that no model is configured. Several sections are
 * preferred over several passages of one section.
 */
import type { DocPassage, MultiSearchResult } from "../retrieval/search-service.ts";
import type { DocumentFormat } from "../../indexing/formats.ts";
import { citation, sourceInWords } from "./citations.ts";

export const NO_MODEL_SENTENCE = "No language model is configured, so this answer is extractive: it quotes the passages of your documents that best match the question, best first.";

const QUOTES = 4;
const QUOTE_CHARS = 420;

export function extractiveAnswer(result: MultiSearchResult, options: { citations: boolean; documentsInScope: number; formatOf?: (docId: string) => DocumentFormat | undefined }): string {
  if (options.documentsInScope === 0) {
    return `${NO_MODEL_SENTENCE}\n\nThere are no completed documents in scope to quote from: upload a document, wait until it is retrieval_ready, or widen doc_id/folder_id.`;
  }
  const picked = pickPassages(result);
  if (picked.length === 0) {
    return `${NO_MODEL_SENTENCE}\n\nNo passage in the ${options.documentsInScope} document(s) in scope matches the question. Try other words, such as terms the document itself would use.`;
  }
  const lines = picked.map(({ passage, title }, i) => {
    const quote = shorten(passage.text);
    const format = options.formatOf?.(passage.doc_id);
    const source = options.citations ? ` ${citation(passage, format)}` : ` (${sourceInWords(passage, format)})`;
    return `${i + 1}. ${title}: “${quote}”${source}`;
  });
  return `${NO_MODEL_SENTENCE}\n\n${lines.join("\n")}`;
}

/** The first passage of each ranked section, then second passages, until QUOTES. */
function pickPassages(result: MultiSearchResult): { passage: DocPassage; title: string }[] {
  const out: { passage: DocPassage; title: string }[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < 3 && out.length < QUOTES; round++) {
    for (const node of result.nodes) {
      const p = node.passages[round];
      if (!p || out.length >= QUOTES) continue;
      const key = `${node.doc_id}\u0000${p.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ passage: { ...p, doc_id: node.doc_id, doc_name: node.doc_name }, title: node.title });
    }
  }
  return out;
}

function shorten(text: string): string {
  if (text.length <= QUOTE_CHARS) return text;
  const cut = text.slice(0, QUOTE_CHARS);
  const end = cut.lastIndexOf(" ");
  return `${cut.slice(0, end > QUOTE_CHARS * 0.6 ? end : QUOTE_CHARS)}…`;
}
