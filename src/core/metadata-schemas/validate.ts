/**
 * Checks a document's metadata against the schema in effect. Declared fields must have
 * their type; `required` fields must be present; undeclared fields are refused so typos
 * do not slip in. The first problem becomes a 422 whose `loc` names the field.
 */
import { z } from "zod";
import type { MetadataSchemaRecord } from "../../store/index.ts";
import { InvalidInputError } from "../errors.ts";
import type { FieldType } from "./schemas.ts";

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

const CHECKS: Record<FieldType, (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === "boolean",
  date: (v) => isoDate.safeParse(v).success,
  "string[]": (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
};

const EXPECTED: Record<FieldType, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  date: "an ISO 8601 date or date-time string (e.g. 2024-05-31)",
  "string[]": "an array of strings",
};

export function checkMetadata(schema: MetadataSchemaRecord["schema"] | null, metadata: Record<string, unknown>, loc: (string | number)[]): void {
  if (!schema) return;
  for (const [name, value] of Object.entries(metadata)) {
    const spec = schema.fields[name];
    if (!spec) {
      throw new InvalidInputError(`Metadata field '${name}' is not declared in the metadata schema in effect (declared: ${Object.keys(schema.fields).join(", ") || "none"})`, [...loc, name], value);
    }
    if (value !== null && !CHECKS[spec.type as FieldType](value)) {
      throw new InvalidInputError(`Metadata field '${name}' must be ${EXPECTED[spec.type as FieldType]} (schema type ${spec.type})`, [...loc, name], value);
    }
  }
  for (const [name, spec] of Object.entries(schema.fields)) {
    if (spec.required && (metadata[name] === undefined || metadata[name] === null)) {
      throw new InvalidInputError(`Metadata field '${name}' is required by the metadata schema in effect`, [...loc, name]);
    }
  }
}
