/**
 * A PDF load given up on (its job cancelled before pdfjs answered) must not leave a
 * rejection behind: in a worker thread an unhandled rejection fails the next task.
 */
import { afterEach, describe, expect, it } from "vitest";
import { openPdf, withDeadline } from "../../../src/indexing/pdf/document.ts";
import { twoChapterPdf } from "../../helpers/pdf.ts";

const seen: unknown[] = [];
const record = (reason: unknown) => void seen.push(reason);
afterEach(() => {
  process.off("unhandledRejection", record);
  seen.length = 0;
});

const settle = () => new Promise((r) => setTimeout(r, 200));

describe("giving up on a PDF load", () => {
  it("with the signal already aborted, the abandoned promise's later rejection is handled", async () => {
    process.on("unhandledRejection", record);
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    let rejectLater!: (e: Error) => void;
    const pending = new Promise<never>((_, reject) => (rejectLater = reject));
    await expect(withDeadline(pending, 10_000, controller.signal)).rejects.toThrow("cancelled");
    rejectLater(new Error("Loading aborted"));
    await settle();
    expect(seen).toEqual([]);
  });

  it("opening a real PDF with a cancelled signal fails as cancelled and leaves nothing to reject later", async () => {
    process.on("unhandledRejection", record);
    const controller = new AbortController();
    controller.abort(new DOMException("The task was cancelled", "AbortError"));
    await expect(openPdf(await twoChapterPdf(), controller.signal)).rejects.toThrow("The task was cancelled");
    await settle();
    expect(seen).toEqual([]);
  });
});
