/**
 * A line's heading style as one key: size to half a point, font, and the marks that make a
 * style of their own (small capitals, centring, numbered capitals).
 */
import type { Line } from "../types.ts";

export function bucket(size: number): number {
  return Math.round(size * 2) / 2;
}

/** A line's heading style: its size (to half a point), font, small capitals, centring and
 * numbered capitals (of lines in the text's face or in code, set apart by nothing else). */
export function styleKey(l: Line): string {
  return `${bucket(l.size)}|${l.font}${l.smallCaps ? "|sc" : ""}${l.centred === "plain" ? "|c" : ""}${l.numberedCapitals ? "|nc" : ""}`;
}
