/** Prompts: a ready-made way to ask a question of one document and get cited pages back. */
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { McpContext } from "./context.ts";
import { completeDocId } from "./resources.ts";

/** The context is read at call time (stdio fills it in after the handshake). */
export function registerPrompts(server: McpServer, context: McpContext): void {
  server.registerPrompt(
    "answer_from_document",
    {
      title: "Answer from a document",
      description: "Answer a question from one indexed document, citing the pages the answer comes from",
      argsSchema: {
        doc_id: completable(z.string().describe("Document id (doc_...)"), (prefix) => completeDocId(context, prefix)),
        question: z.string().describe("The question to answer"),
      },
    },
    async ({ doc_id, question }) => {
      const doc = await context.services.documents.get(context.user, doc_id);
      const text = [
        `Answer this question from the document "${doc.name}" (doc_id ${doc.id}, ${doc.pageNum} pages):`,
        "",
        question,
        "",
        "How to work:",
        `1. Call get_document_structure {doc_id: "${doc.id}"} (add max_depth: 2 for a large document) and pick the sections whose titles and page ranges fit the question.`,
        "2. Read only those: get_page_content with tight page ranges, or get_node_content with their node ids. Read more sections if the first ones do not answer it.",
        "3. Answer only from what you read. After each claim cite its page(s), like (p. 12) or (pp. 12-14).",
        "4. If the document does not answer the question, say so and name the sections you checked.",
      ].join("\n");
      return { description: `Question about ${doc.name}`, messages: [{ role: "user", content: { type: "text", text } }] };
    },
  );
}
