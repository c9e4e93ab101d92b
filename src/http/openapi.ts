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

/** Shared sub-schemas: recursive ones (trees) land here, referenced from the document root. */
type Components = Record<string, unknown>;

/**
 * A zod schema as an OpenAPI schema. zod puts the parts a schema repeats or recurses into
 * under a local `$defs` (and refers to a recursive root as `#`); inside an OpenAPI document
 * those refs would resolve against the document root. So every `$defs` entry moves to
 * `components/schemas` under `<name>_<def>` (and a self-referring root with it), and the
 * refs are rewritten to point there.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Components, name: string): Record<string, unknown> {
  const { $schema: _drop, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown> & { $defs?: Record<string, unknown> };
  const target = (def: string) => `#/components/schemas/${name}_${def.replace(/[^A-Za-z0-9._-]/g, "_")}`;
  const selfRef = `#/components/schemas/${name}`;
  let refersToRoot = false;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") {
        if (v === "#") ((refersToRoot = true), (out[k] = selfRef));
        else out[k] = v.startsWith("#/$defs/") ? target(v.slice("#/$defs/".length)) : v;
      } else out[k] = rewrite(v);
    }
    return out;
  };
  for (const [def, body] of Object.entries($defs ?? {})) components[target(def).slice("#/components/schemas/".length)] = rewrite(body);
  const rewritten = rewrite(root) as Record<string, unknown>;
  if (!refersToRoot) return rewritten;
  components[name] = rewritten;
  return { $ref: selfRef };
}

/** `get /doc/{doc_id}/metadata` -> `getDocDocIdMetadata`: stable, unique per route, readable in generated clients. */
export function operationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => segment.replace(/[{}]/g, "").split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function parameters(def: AnyRouteDef, components: Components, id: string): unknown[] {
  const out: unknown[] = [];
  for (const [where, schema] of [["query", def.query], ["path", def.params]] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, "input", components, `${id}_${where}`) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (json.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

export function buildOpenApi(defs: AnyRouteDef[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = {};
  const ids = new Set<string>();
  for (const def of defs) {
    const id = operationId(def.method, def.path);
    if (ids.has(id)) throw new Error(`Two routes make the operationId ${id}`);
    ids.add(id);
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(def.responses)) {
      responses[status] = {
        description: res.description,
        ...(res.schema ? { content: { [res.contentType ?? "application/json"]: { schema: jsonSchema(res.schema, "output", components, `${id}_${status}`) } } } : {}),
      };
    }
    if (def.query || def.params || def.body) {
      responses["422"] = { description: "Validation error", content: { "application/json": { schema: VALIDATION_ERROR } } };
    }
    if (!def.public) responses["401"] = { description: "Missing or unknown api_key" };
    paths[def.path] ??= {};
    paths[def.path][def.method] = {
      operationId: id,
      summary: def.summary,
      tags: [def.tag],
      ...(def.public ? { security: [] } : {}),
      parameters: parameters(def, components, id),
      ...(def.body
        ? {
            requestBody: {
              required: true,
              content: {
                [def.bodyKind === "multipart" ? "multipart/form-data" : "application/json"]: { schema: jsonSchema(def.body, "input", components, `${id}_body`) },
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
    components: { schemas: components, securitySchemes: { api_key: { type: "apiKey", in: "header", name: "api_key" } } },
    security: [{ api_key: [] }],
    paths,
  };
}
