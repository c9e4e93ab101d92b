/** stdout is the MCP stdio channel: indexing must never write to it (pdfjs warnings included). */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { indexPdf } from "../../../src/indexing/pdf/index.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/pdf/${name}`, import.meta.url)));

describe("stdout", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stays silent while indexing good and damaged PDFs", async () => {
    const write = vi.spyOn(process.stdout, "write");
    const log = vi.spyOn(console, "log");
    const info = vi.spyOn(console, "info");
    await indexPdf(fixture("R-data.pdf"), { addSummaries: true, addDescription: true });
    const rData = fixture("R-data.pdf");
    await indexPdf(rData.slice(0, rData.length / 2)).catch(() => {});
    await indexPdf(fixture("encrypted.pdf")).catch(() => {});
    expect(write).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    expect(info).not.toHaveBeenCalled();
  }, 30_000);
});
