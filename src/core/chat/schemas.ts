/** The chat concept, once: request body, non-streaming response, streaming chunk. */
import { z } from "zod";

export const chatMessage = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string().max(100_000, "a message may have at most 100000 characters"),
});

export const chatBody = z.object({
  messages: z.array(chatMessage).min(1, "messages must hold at least one message").max(200),
  stream: z.boolean().nullish().transform((v) => v ?? false),
  doc_id: z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(50)]).nullish().describe("One document id or a list; null = all your documents (or folder_id)"),
  folder_id: z.string().min(1).max(200).nullish().describe("Scope: the documents of this folder and its subfolders"),
  temperature: z.number().min(0, "temperature must be between 0.0 and 1.0").max(1, "temperature must be between 0.0 and 1.0").nullish(),
  enable_citations: z.boolean().nullish().transform((v) => v ?? false),
});
export type ChatBody = z.output<typeof chatBody>;

export const chatUsage = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });

export const chatResponse = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(z.object({ index: z.number().int(), message: z.object({ role: z.literal("assistant"), content: z.string() }), finish_reason: z.string() })),
  usage: chatUsage,
});
export type ChatResponse = z.infer<typeof chatResponse>;

export const blockTypes = ["text_block_start", "text_stop", "mcp_tool_use_start", "mcp_tool_use_stop", "mcp_tool_result_start", "mcp_tool_result_stop"] as const;
export type BlockType = (typeof blockTypes)[number];

export const blockMetadata = z.object({
  type: z.enum(blockTypes),
  block_index: z.number().int(),
  tool_name: z.string().optional(),
  server_name: z.string().optional(),
  tool_input: z.record(z.string(), z.unknown()).optional().describe("mcp_tool_use_start: the arguments of the call"),
  is_error: z.boolean().optional().describe("mcp_tool_result_stop: the tool answered with an error"),
});
export type BlockMetadata = z.infer<typeof blockMetadata>;

export const chatChunk = z.object({
  id: z.string(),
  object: z.literal("chat.completion.chunk"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(z.object({ index: z.number().int(), delta: z.object({ role: z.string().optional(), content: z.string().optional() }), finish_reason: z.string().nullable() })),
  block_metadata: blockMetadata.optional(),
  usage: chatUsage.optional(),
});
export type ChatChunk = z.infer<typeof chatChunk>;
