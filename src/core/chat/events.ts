/**
 * What a chat run emits, independent of the transport: text fragments inside numbered text
 * blocks, and tool-use/tool-result blocks. The HTTP route turns these into SSE chunks, or
 * collects the text for a non-streaming answer.
 */
import type { BlockMetadata, BlockType } from "./schemas.ts";

export interface ChatEmitter {
  text(delta: string): void;
  block(meta: BlockMetadata): void;
}

/** Numbers blocks and keeps text blocks well formed (start before text, stop once). */
export class BlockWriter {
  private next = 0;
  private openText: number | null = null;

  constructor(private readonly out: ChatEmitter) {}

  text(delta: string): void {
    if (!delta) return;
    if (this.openText === null) {
      this.openText = this.next++;
      this.out.block({ type: "text_block_start", block_index: this.openText });
    }
    this.out.text(delta);
  }

  endText(): void {
    if (this.openText === null) return;
    this.out.block({ type: "text_stop", block_index: this.openText });
    this.openText = null;
  }

  /** A tool call: use block (with its input), then result block, around `run`. */
  async tool<T>(name: string, input: Record<string, unknown>, run: () => Promise<{ value: T; isError: boolean }>): Promise<T> {
    this.endText();
    const use = this.next++;
    this.out.block({ type: "mcp_tool_use_start", block_index: use, ...TOOL(name), tool_input: input });
    this.out.block({ type: "mcp_tool_use_stop", block_index: use, ...TOOL(name) });
    const result = this.next++;
    this.out.block({ type: "mcp_tool_result_start", block_index: result, ...TOOL(name) });
    const { value, isError } = await run();
    this.out.block({ type: "mcp_tool_result_stop", block_index: result, ...TOOL(name), ...(isError ? { is_error: true } : {}) });
    return value;
  }
}

/** The document tools are this service's own MCP server's tools. */
export const SERVER_NAME = "treeindex";

function TOOL(name: string): { tool_name: string; server_name: string } {
  return { tool_name: name, server_name: SERVER_NAME };
}

export type { BlockType };
