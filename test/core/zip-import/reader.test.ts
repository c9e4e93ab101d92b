import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_ZIP_LIMITS } from "../../../src/core/zip-import/limits.ts";
import { readZip, UnreadableArchiveError, type ZipEvent } from "../../../src/core/zip-import/reader.ts";
import { buildZip } from "../../fixtures/zip/zip-writer.ts";

async function events(zip: Uint8Array, limits = DEFAULT_ZIP_LIMITS): Promise<Array<ZipEvent & { text?: string }>> {
  const out: Array<ZipEvent & { text?: string }> = [];
  for await (const e of readZip(zip, limits)) out.push(e.kind === "file" ? { ...e, text: (await e.read()).toString("utf8") } : e);
  return out;
}

const summary = (list: ZipEvent[]) => list.map((e) => `${e.kind}:${e.path}${e.kind === "refused" ? `:${e.reason}` : ""}`);

describe("readZip", () => {
  it("reads directories and files with their contents, stored and deflated", async () => {
    const zip = buildZip([
      { name: "a/" },
      { name: "a/b/c.md", data: "# Title\n\ntext" },
      { name: "top.md", data: "stored", method: 0 },
    ]);
    const list = await events(zip);
    expect(summary(list)).toEqual(["directory:a", "file:a/b/c.md", "file:top.md"]);
    expect(list[1].text).toBe("# Title\n\ntext");
    expect(list[2].text).toBe("stored");
  });

  it("decodes names as CP437 without the UTF-8 flag and as UTF-8 with it", async () => {
    // 0x8E = Ä, 0x81 = ü, 0xE1 = ß in CP437; the same name in UTF-8 with the flag set.
    const cp437 = Buffer.concat([Buffer.from("Bericht_"), Buffer.from([0x8e, 0x81, 0xe1]), Buffer.from(".md")]);
    const list = await events(buildZip([{ name: cp437, data: "x" }, { name: "Résumé_日本.md", data: "y" }]));
    expect(summary(list)).toEqual(["file:Bericht_Äüß.md", "file:Résumé_日本.md"]);
  });

  it("refuses hostile entries one by one and keeps reading the rest", async () => {
    const bomb = Buffer.alloc(20 * 1024 * 1024); // 20 MB of zeros deflate to ~20 KB
    const list = await events(
      buildZip([
        { name: "../evil.pdf", data: "%PDF-1.4 evil" },
        { name: "a/../../evil2.md", data: "x" },
        { name: "/etc/passwd.md", data: "x" },
        { name: "C:/win.md", data: "x" },
        { name: "link.md", data: "/etc/passwd", symlink: true },
        { name: "secret.md", data: "x", encrypted: true },
        { name: "bomb.pdf", data: bomb },
        { name: "good.md", data: "fine" },
      ]),
    );
    expect(summary(list)).toEqual([
      "refused:../evil.pdf:path_traversal",
      "refused:a/../../evil2.md:path_traversal",
      "refused:/etc/passwd.md:absolute_path",
      "refused:C:/win.md:absolute_path",
      "refused:link.md:symlink",
      "refused:secret.md:encrypted",
      "refused:bomb.pdf:compression_ratio",
      "file:good.md",
    ]);
    expect(list.at(-1)!.text).toBe("fine");
  });

  it("stops at the total uncompressed size limit, entry by entry", async () => {
    const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 10_000 };
    const list = await events(buildZip([{ name: "a.md", data: "a".repeat(6000), method: 0 }, { name: "b.md", data: "b".repeat(6000), method: 0 }, { name: "c.md", data: "small", method: 0 }]), limits);
    expect(summary(list)).toEqual(["file:a.md", "refused:b.md:total_size_limit", "file:c.md"]);
  });

  it("reads at most 10,000 entries and reports the rest once", async () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, data: "", method: 0 as const }));
    const list = await events(buildZip(entries));
    expect(list).toHaveLength(10_001);
    expect(list.slice(0, -1).every((e) => e.kind === "file")).toBe(true);
    expect(list.at(-1)).toMatchObject({ kind: "refused", path: "*", reason: "too_many_entries" });
    expect((list.at(-1) as { detail: string }).detail).toContain("10001 entries");
  });

  it("refuses to read an entry whose data is longer or shorter than its headers state, small or streamed", async () => {
    const text = "words ".repeat(2000);
    const big = randomBytes(4 * 1024 * 1024 + 10_000); // past the size read in one call: streamed
    const zip = buildZip([
      { name: "longer.xml", data: text, statedSize: 100 },
      { name: "shorter.xml", data: text, statedSize: text.length + 50 },
      { name: "big.bin", data: big, statedSize: big.length - 1000 },
      { name: "exact.xml", data: text },
    ]);
    const reads = new Map<string, string>();
    for await (const e of readZip(zip, DEFAULT_ZIP_LIMITS)) {
      expect(e.kind).toBe("file");
      if (e.kind === "file") reads.set(e.path, await e.read().then((b) => b.toString(), (error: Error) => `error: ${error.message}`));
    }
    expect(reads.get("longer.xml")).toMatch(/^error: too many bytes/);
    expect(reads.get("shorter.xml")).toMatch(/^error: not enough bytes/);
    expect(reads.get("big.bin")).toMatch(/^error: too many bytes/);
    expect(reads.get("exact.xml")).toBe(text);
  });

  it("rejects bytes that are not an archive", async () => {
    await expect(events(Buffer.from("PK\u0003\u0004 but nothing else"))).rejects.toBeInstanceOf(UnreadableArchiveError);
  });
});
