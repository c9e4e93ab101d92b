import { z } from "zod";
import { nodesResult } from "../../core/documents/reading-schemas.ts";
import { docRefFields, resolveDocument } from "../doc-ref.ts";
import { defineTool } from "../tool-kit.ts";

export const getNodeContentTool = defineTool({
  name: "get_node_content",
  title: "Section text",
  description:
    "Text of chosen sections (node ids from get_document_structure) of a completed document. A node's text runs to its first subsection; " +
    "include_children adds all subsections in reading order. Answers are capped in size.",
  input: z.object({
    ...docRefFields,
    node_ids: z.array(z.string().regex(/^\d{4,}$/, "node ids look like 0007")).min(1).max(100).describe("Node ids, e.g. [\"0003\", \"0007\"]"),
    include_children: z.boolean().optional().describe("Also return every subsection's text"),
  }),
  output: nodesResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  errorHints: { NOT_FOUND: ["Take node ids from get_document_structure for this document", "recent_documents lists doc ids"] },
  async run(args, _extra, context) {
    const doc = await resolveDocument(context, args);
    const result = await context.services.reader.nodes(context.user, doc.id, args.node_ids, args.include_children === true);
    const steps = [
      result.nodes.some((n) => n.start_index !== undefined)
        ? "Answer from this text and cite the pages (start_index..end_index)"
        : result.format === "markdown"
          ? "Answer from this text and cite the sections (line_num)"
          : "Answer from this text and cite the sections by node_id (<doc=FILE;section=NODE_ID>)",
    ];
    if (result.truncated) steps.unshift("Ask for the remaining node ids in a separate call");
    return { result, next_steps: steps };
  },
});
