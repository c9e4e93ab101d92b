/**
 * Limits on JSON that clients send, checked before anything recursive touches it: a body
 * nested 100,000 deep would overflow the stack of the validators (a 500), and bytes that
 * are not UTF-8 would be stored as U+FFFD. Both are answered 422 instead.
 */

/** Deepest nesting of arrays and objects accepted in any JSON input (bodies, form fields, query parameters, MCP arguments). */
export const MAX_JSON_DEPTH = 64;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The text of a body, or null when its bytes are not valid UTF-8. */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Nesting depth of JSON text, counted without parsing (brackets outside strings). */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) max = Math.max(max, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/** Nesting depth of a parsed value, iteratively (a deep value must not overflow the stack here either). */
export function valueDepth(value: unknown, stopAbove = MAX_JSON_DEPTH): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > stopAbove) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return max;
}

export const tooDeepMessage = (depth: number) => `JSON is nested ${depth > MAX_JSON_DEPTH ? "more than " + MAX_JSON_DEPTH : depth} levels deep; the limit is ${MAX_JSON_DEPTH}`;

/** Parses JSON text within the depth limit; throws a SyntaxError-like Error with a readable message otherwise. */
export function parseJsonWithinLimits(text: string): unknown {
  const depth = jsonTextDepth(text);
  if (depth > MAX_JSON_DEPTH) throw new JsonLimitError(tooDeepMessage(depth));
  return JSON.parse(text);
}

export class JsonLimitError extends Error {
  override name = "JsonLimitError";
}
