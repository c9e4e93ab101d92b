/**
 * Against the shared corpus' expected headings (commonmark.js: level, line, text), when the
 * corpus is present on this machine; it is never committed, so elsewhere this is skipped.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { indexMarkdown, parseMarkdown } from "../../../src/indexing/markdown/index.ts";
import { flatten } from "./helpers.ts";

const DIR = path.resolve(fileURLToPath(new URL("../../../../shared/corpus/markdown", import.meta.url)));
const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => f.endsWith(".md")) : [];

describe.skipIf(!files.length)("markdown corpus", () => {
  for (const file of files) {
    it(`finds exactly the expected headings of ${file}`, () => {
      const source = fs.readFileSync(path.join(DIR, file), "utf8");
      const expected = JSON.parse(fs.readFileSync(path.join(DIR, "expected", file.replace(/\.md$/, ".headings.json")), "utf8"));
      const found = parseMarkdown(source).headings;
      expect(found.map((h) => ({ level: h.level, line: h.line, end_line: h.endLine, kind: h.kind, text: h.title }))).toEqual(
        expected.headings.map((h: Record<string, unknown>) => ({ level: h.level, line: h.line, end_line: h.end_line, kind: h.kind, text: h.text })),
      );
      const doc = indexMarkdown(source, { fileName: file, addSummaries: false });
      expect(flatten(doc.tree).map((n) => n.text).join("")).toBe(source);
    });
  }
});
