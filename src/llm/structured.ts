/**
 * Structured output helpers: the JSON schema sent to the server, parsing of what comes back
 * (tolerating code fences and prose around the object, which small local models add), and
 * the repair message used for the one retry.
 */
import { z } from "zod";

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The first JSON object or array in `text`, validated by `schema`. */
export function parseStructured<T>(text: string, schema: z.ZodType<T>): ParseOutcome<T> {
  const candidate = extractJson(text);
  if (candidate === undefined) return { ok: false, error: "the reply contains no JSON object" };
  let data: unknown;
  try {
    data = JSON.parse(candidate);
  } catch (error) {
    return { ok: false, error: `invalid JSON: ${(error as Error).message}` };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    return { ok: false, error: `JSON does not match the schema: ${issues.join("; ")}` };
  }
  return { ok: true, value: parsed.data };
}

function extractJson(text: string): string | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced ? fenced[1] : text).trim();
  if (body.startsWith("{") || body.startsWith("[")) return body;
  const start = body.search(/[[{]/);
  if (start < 0) return undefined;
  const close = body[start] === "{" ? "}" : "]";
  const end = body.lastIndexOf(close);
  return end > start ? body.slice(start, end + 1) : body.slice(start);
}

export function repairMessage(error: string, schema: Record<string, unknown>): string {
  return `Your previous reply could not be used (${error}). Reply again with only one JSON value that matches this JSON schema, no prose, no code fences:\n${JSON.stringify(schema)}`;
}

export function schemaInstruction(schema: Record<string, unknown>): string {
  return `Answer with only one JSON value matching this JSON schema (no prose, no code fences):\n${JSON.stringify(schema)}`;
}
