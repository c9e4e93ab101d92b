import { MAX_INLINE_MARKDOWN_CHARS } from "../limits.ts";
import { z } from "zod";
import { markdownTreeOptions, markdownTreeResponse, MAX_TOKEN_THRESHOLD } from "../../core/markdown/schemas.ts";
import { ToolFailure, defineTool } from "../tool-kit.ts";

export const markdownToTreeTool = defineTool({
  name: "markdown_to_tree",
  title: "Markdown to tree",
  description:
    "Convert Markdown into a section tree by its headings (node ids, line_num, optional summaries and text), without storing it. " +
    "Give either path (a local .md file under the allowed folders) or content with file_name. To keep and search a document, use process_document instead.",
  input: z.object({
    path: z.string().min(1).max(4096).optional().describe("Absolute path (~/… is the user's home) or file:// URL of a .md/.markdown file"),
    content: z.string().max(MAX_INLINE_MARKDOWN_CHARS).optional().describe("Markdown source, instead of path (at most 4 Mi characters; pass path for larger files)"),
    file_name: z.string().min(1).max(255).optional().describe("Name for content (default document.md)"),
    thinning: z.boolean().optional().describe("Merge small sections (default false)"),
    thinning_threshold: z.number().int().min(1).max(MAX_TOKEN_THRESHOLD).optional().describe("Tokens; default 5000"),
    summary_token_threshold: z.number().int().min(0).max(MAX_TOKEN_THRESHOLD).optional().describe("Tokens; default 200"),
    add_node_summary: z.boolean().optional().describe("Default true"),
    add_node_text: z.boolean().optional().describe("Default true"),
    add_doc_description: z.boolean().optional().describe("Default false"),
  }),
  output: markdownTreeResponse,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  async run(args, _extra, context) {
    if ((args.path === undefined) === (args.content === undefined)) {
      throw new ToolFailure("INVALID_INPUT", "Give exactly one of path or content", ["Pass path for a local file, or content (and file_name) for Markdown text"]);
    }
    const source = args.path !== undefined
      ? await context.services.localFiles.read(args.path, context.localFiles)
      : { name: args.file_name ?? "document.md", bytes: new TextEncoder().encode(args.content!) };
    const options = markdownTreeOptions({
      if_thinning: args.thinning,
      thinning_threshold: args.thinning_threshold,
      summary_token_threshold: args.summary_token_threshold,
      if_add_node_summary: args.add_node_summary,
      if_add_node_text: args.add_node_text,
      if_add_doc_description: args.add_doc_description,
    });
    const result = await context.services.markdown.toTree(source.name, source.bytes, options);
    return { result, next_steps: ["Use node_id and line_num to point the user at sections", "process_document stores the file for later reading and search"] };
  },
});
