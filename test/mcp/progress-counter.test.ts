import { describe, expect, it } from "vitest";
import { ProgressCounter } from "../../src/mcp/wait.ts";
import type { DocumentRecord } from "../../src/store/index.ts";

const doc = (status: DocumentRecord["status"], pageNum = 0) => ({ name: "scan.pdf", status, pageNum }) as DocumentRecord;

describe("progress notifications of a wait", () => {
  it("count pages over the stages, only ever growing, with a total, and end full", () => {
    const c = new ProgressCounter();
    const seen = [
      c.next(doc("queued"), undefined),
      c.next(doc("queued"), undefined), // nothing new: no notification
      c.next(doc("processing"), { stage: "reading pages", done: 40, total: 120 }),
      c.next(doc("processing"), { stage: "reading pages", done: 120, total: 120 }),
      c.next(doc("processing"), { stage: "recognising scanned pages", done: 1, total: 3 }),
      c.next(doc("processing"), { stage: "building the tree", done: 60, total: 120 }),
      c.next(doc("completed", 120), undefined),
    ];
    expect(seen[1]).toBeUndefined();
    const sent = seen.filter((n) => n !== undefined);
    expect(sent.map((n) => [n.progress, n.total])).toEqual([
      [0, undefined],
      [40, 120],
      [120, 120],
      [121, 123],
      [183, 243],
      [243, 243],
    ]);
    expect(sent[1].message).toBe("scan.pdf: processing, reading pages (40 of 120 pages)");
    expect(sent[3].message).toMatch(/recognising scanned pages \(1 of 3 pages\)/);
    expect(sent[5].message).toBe("scan.pdf: completed");
  });

  it("ends full with the page count when no stage was seen (indexed elsewhere or before the first poll)", () => {
    const c = new ProgressCounter();
    expect(c.next(doc("completed", 41), undefined)).toEqual({ progress: 41, total: 41, message: "scan.pdf: completed" });
  });
});
