import { randomBytes } from "node:crypto";

/** Random, URL-safe, prefixed ids: the prefix tells a reader what the id names. */
export function newId(prefix: "doc" | "fld" | "usr" | "job" | "key" | "ret" | "shr" | "flw" | "tms" | "wr"): string {
  return `${prefix}_${randomBytes(10).toString("hex")}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
