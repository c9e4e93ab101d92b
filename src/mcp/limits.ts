/**
 * Size limits of MCP messages, the same on both transports, and the tool input limits that
 * must stay below them (so a valid call can never exceed what a transport accepts).
 */

/** Largest JSON-RPC message accepted, in bytes: stdio lines and /mcp request bodies. */
export const MCP_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Largest inline Markdown `content` of markdown_to_tree, in characters: even at 3 bytes a
 * character (UTF-8) plus JSON escaping of quotes and newlines it stays under the message limit.
 */
export const MAX_INLINE_MARKDOWN_CHARS = 4 * 1024 * 1024;
