/**
 * Field types shared by the contract's requests. Form fields and query strings arrive as
 * text, so booleans and yes/no flags are parsed here, once, with a 422 for anything else.
 */
import { z } from "zod";
import { JsonLimitError, parseJsonWithinLimits } from "./json-limits.ts";

const TRUE = new Set(["true", "1", "yes", "y", "on", "t"]);
const FALSE = new Set(["false", "0", "no", "n", "off", "f"]);

/** A boolean given as text (`true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`) or as a JSON boolean. */
export const looseBoolean = z
  .union([z.boolean(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === "boolean") return value;
    const v = value.trim().toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    ctx.addIssue({ code: "custom", message: "Input should be a valid boolean (true/false, yes/no, 1/0)", input: value });
    return z.NEVER;
  })
  .meta({ type: "boolean" });

/** The contract's `yes`/`no` string flags; `true`/`false` are accepted too. */
export const yesNo = z
  .string()
  .transform((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === "yes" || v === "true") return true;
    if (v === "no" || v === "false") return false;
    ctx.addIssue({ code: "custom", message: "Input should be 'yes' or 'no'", input: value });
    return z.NEVER;
  })
  .meta({ type: "string", enum: ["yes", "no"] });

/** A form field holding a JSON object as text (e.g. `metadata`). */
export const jsonObjectString = z
  .string()
  .transform((value, ctx) => {
    if (value.trim() === "") return undefined;
    try {
      const parsed: unknown = parseJsonWithinLimits(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof JsonLimitError) {
        ctx.addIssue({ code: "custom", message: error.message, input: value });
        return z.NEVER;
      }
    }
    ctx.addIssue({ code: "custom", message: "Input should be a JSON object string, e.g. '{\"year\": 2024}'", input: value });
    return z.NEVER;
  })
  .meta({ type: "string", description: "A JSON object, as a string" });

/** Optional text field where an empty string means "not given" (HTML forms send empty fields). */
export function optionalText<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
}

/**
 * Characters no name may hold: C0/C1 controls (NUL, newlines, escapes) and the Unicode
 * bidirectional controls (e.g. U+202E RIGHT-TO-LEFT OVERRIDE), which make `invoice‮fdp.exe`
 * display as `invoiceexe.pdf`. Names containing them are refused with 422, not silently changed.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function unsafeNameProblem(name: string): string | null {
  const match = UNSAFE_NAME_CHARS.exec(name);
  if (!match) return null;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return `Names must not contain control or bidirectional-override characters (found U+${code})`;
}

/** A user-given name (folder, teamspace): trimmed, 1-255 characters, no control or bidi characters. */
export const nameText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} must not be empty`)
    .max(255)
    .refine((v) => unsafeNameProblem(v) === null, { error: (issue) => unsafeNameProblem(String(issue.input)) ?? "Invalid name" });
