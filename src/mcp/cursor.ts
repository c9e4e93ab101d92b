/**
 * Opaque paging cursors for tools that page (`next_cursor` in, `cursor` back), as PageIndex's
 * tools hand them out. A cursor is the offset of the next item; clients must not read it.
 */
import { ToolFailure } from "./tool-errors.ts";

export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === "") return 0;
  try {
    const { o } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { o?: unknown };
    if (typeof o === "number" && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // fall through
  }
  throw new ToolFailure("INVALID_INPUT", "cursor: not a cursor this server gave out", ["Call the tool again without cursor to start from the first page"]);
}
