/** /openapi.json, generated from the route declarations and their zod schemas. */
import { z } from "zod";
import { VERSION } from "../version.ts";
import type { AnyRouteDef } from "./route.ts";

const VALIDATION_ERROR = {
  type: "object",
  properties: {
    detail: {
      type: "array",
      items: {
        type: "object",
        required: ["loc", "msg", "type"],
        properties: {
          loc: { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } },
          msg: { type: "string" },
          type: { type: "string" },
          input: {},
          ctx: { type: "object" },
        },
      },
    },
  },
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

function parameters(def: AnyRouteDef): unknown[] {
  const out: unknown[] = [];
  for (const [where, schema] of [["query", def.query], ["path", def.params]] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, "input") as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (json.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

export function buildOpenApi(defs: AnyRouteDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of defs) {
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(def.responses)) {
      responses[status] = {
        description: res.description,
        ...(res.schema ? { content: { [res.contentType ?? "application/json"]: { schema: jsonSchema(res.schema, "output") } } } : {}),
      };
    }
    if (def.query || def.params || def.body) {
      responses["422"] = { description: "Validation error", content: { "application/json": { schema: VALIDATION_ERROR } } };
    }
    if (!def.public) responses["401"] = { description: "Missing or unknown api_key" };
    paths[def.path] ??= {};
    paths[def.path][def.method] = {
      summary: def.summary,
      tags: [def.tag],
      ...(def.public ? { security: [] } : {}),
      parameters: parameters(def),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: {
                [def.bodyKind === "multipart" ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(def.body, "input") },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "treeindex", version: VERSION, description: "Local document indexing, retrieval and chat service." },
    components: { securitySchemes: { api_key: { type: "apiKey", in: "header", name: "api_key" } } },
    security: [{ api_key: [] }],
    paths,
  };
}
