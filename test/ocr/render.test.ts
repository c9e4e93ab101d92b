import { describe, expect, it } from "vitest";
import { MAX_RENDER_PIXELS, MAX_RENDER_SIDE, OCR_DPI, renderPage, renderScale } from "../../src/indexing/ocr/render.ts";
import { openPdf } from "../../src/indexing/pdf/document.ts";
import { hugeImagePagePdf } from "./pdf-builders.ts";

describe("rendering for OCR", () => {
  it("renders a letter page at 300 dpi", () => {
    expect(renderScale(612, 792)).toEqual({ scale: OCR_DPI / 72, capped: false });
  });

  it("caps the pixel count and the side of huge pages", () => {
    const { scale, capped } = renderScale(14_400, 14_400);
    expect(capped).toBe(true);
    expect((14_400 * scale) ** 2).toBeLessThanOrEqual(MAX_RENDER_PIXELS * 1.0001);
    const strip = renderScale(14_400, 100);
    expect(14_400 * strip.scale).toBeLessThanOrEqual(MAX_RENDER_SIDE + 0.001);
  });

  it("a 200 x 200 inch page renders within the cap, not at 300 dpi (3.6 gigapixels)", async () => {
    const { doc, close } = await openPdf(await hugeImagePagePdf());
    try {
      const rendered = await renderPage(await doc.getPage(1));
      expect(rendered.capped).toBe(true);
      expect(rendered.width * rendered.height).toBeLessThanOrEqual(MAX_RENDER_PIXELS);
      expect(rendered.width).toBeGreaterThan(1000);
    } finally {
      await close();
    }
  });
});
