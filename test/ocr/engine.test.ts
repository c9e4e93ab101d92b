// The OCR engine of a thread: created once, reused for later pages, and replaced after a
// recognition that timed out (which fails with a clear error instead of hanging).
import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { OcrTimeoutError, closeEngine, enginesCreated, recognise } from "../../src/indexing/ocr/engine.ts";

async function wordImage(text: string): Promise<Buffer> {
  const canvas = createCanvas(900, 140);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 900, 140);
  ctx.fillStyle = "#000";
  ctx.font = "64px sans-serif";
  ctx.fillText(text, 30, 95);
  return canvas.encode("png");
}

afterAll(() => closeEngine());

describe("OCR engine", () => {
  it("recognises rendered text and reuses one worker for later images", async () => {
    const before = enginesCreated();
    const first = await recognise(await wordImage("Quarterly revenue"), { langs: ["eng"] });
    const second = await recognise(await wordImage("Operating margin"), { langs: ["eng"] });
    expect(first.text).toMatch(/Quarterly revenue/);
    expect(second.text).toMatch(/Operating margin/);
    expect(enginesCreated() - before).toBe(1);
  });

  it("times out instead of hanging, then starts a fresh worker for the next image", async () => {
    const before = enginesCreated();
    await expect(recognise(await wordImage("Slow page"), { langs: ["eng"], timeoutMs: 1 })).rejects.toThrow(OcrTimeoutError);
    const next = await recognise(await wordImage("Next page"), { langs: ["eng"] });
    expect(next.text).toMatch(/Next page/);
    expect(enginesCreated() - before).toBe(1);
  });
});
