/**
 * Tune and held-out families, split deterministically by a hash of the family name, so that
 * which families are held out does not depend on which are present or on their order.
 */
import { createHash } from "node:crypto";

export type Split = "tune" | "held-out";

/** About a third of the families are held out. */
export function splitOf(family: string): Split {
  const h = createHash("sha256").update(`tree-corpus:${family}`).digest();
  return h[0] % 3 === 0 ? "held-out" : "tune";
}
