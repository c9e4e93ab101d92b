import { describe, expect, it } from "vitest";
import { MarkdownError, decodeMarkdown } from "../../../src/indexing/markdown/index.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("decodeMarkdown", () => {
  it("decodes UTF-8 Markdown and drops a byte-order mark", () => {
    expect(decodeMarkdown(utf8("# Tïtle\n"), "a.md")).toBe("# Tïtle\n");
    expect(decodeMarkdown(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("# A")]), "a.markdown")).toBe("# A");
    expect(decodeMarkdown(utf8("x"), "UPPER.MD")).toBe("x");
    expect(decodeMarkdown(new Uint8Array(), "empty.md")).toBe("");
  });

  it("rejects other extensions", () => {
    expect(() => decodeMarkdown(utf8("# A"), "a.txt")).toThrow(MarkdownError);
    expect(() => decodeMarkdown(utf8("# A"), "a.md.pdf")).toThrow(/\.md or \.markdown/);
    expect(() => decodeMarkdown(utf8("# A"), "md")).toThrow(MarkdownError);
  });

  it("rejects binary content", () => {
    expect(() => decodeMarkdown(new Uint8Array([0x23, 0x20, 0x41, 0x00, 0x42]), "a.md")).toThrow(/binary/);
    expect(() => decodeMarkdown(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "image.md")).toThrow(MarkdownError);
  });

  it("rejects invalid UTF-8", () => {
    expect(() => decodeMarkdown(new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]), "a.md")).toThrow(/UTF-8/);
    expect(() => decodeMarkdown(new Uint8Array([0x48, 0xe9, 0x6c, 0x6c, 0x6f]), "latin1.md")).toThrow(MarkdownError); // "Héllo" in Latin-1
    const error = (() => {
      try {
        decodeMarkdown(new Uint8Array([0xc3]), "a.md");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MarkdownError);
    expect((error as Error).name).toBe("MarkdownError");
  });
});
