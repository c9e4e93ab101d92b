/**
 * OCR: the service against the tesseract command on generated scans (ocr-vs-cli.ts); character error rate of scan-p9.pdf against R-intro page 9's own text layer (the
 * page the scan was printed from), seconds per scanned page through the worker pool with 1
 * and with 2 threads (mixed-scan.pdf, and a 20-page image-only PDF generated here from
 * R-intro pages 9-28 rendered at 150 dpi), and render ms/page at the OCR resolution.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { OCR_TASK_MODULE } from "../../src/core/documents/ocr-indexing.ts";
import type { OcrPageResult } from "../../src/indexing/ocr/page-task.ts";
import { OCR_DPI, renderPage } from "../../src/indexing/ocr/render.ts";
import { openPdf } from "../../src/indexing/pdf/document.ts";
import { extractPages } from "../../src/indexing/pdf/extract.ts";
import { WorkerPool } from "../../src/jobs/index.ts";
import { editDistance } from "./cer.ts";
import { ocrVersusCliBench } from "./ocr-vs-cli.ts";
import type { BenchFigure } from "./types.ts";

const FIXTURES = path.resolve("test/fixtures/pdf");
const G = "ocr";

const flat = (lines: { text: string }[]) => lines.map((l) => l.text).join(" ").replace(/\s+/g, " ").trim();

/** OCR every page of `file` on a pool of `threads`, one task per page as the index job does. */
async function ocrOnPool(file: string, pages: number[], threads: number): Promise<{ seconds: number; cpuSeconds: number; results: OcrPageResult[] }> {
  const pool = new WorkerPool(threads);
  try {
    const t = performance.now();
    // CPU time of the whole process (all threads): constant per page when the work splits
    // cleanly, whatever share of the cores other processes leave us.
    const cpu = process.cpuUsage();
    const results = (
      await Promise.all(pages.map((p) => pool.run<OcrPageResult[]>({ module: OCR_TASK_MODULE, payload: { filePath: file, pages: [p], langs: ["eng"], dpi: OCR_DPI } })))
    ).flat();
    const used = process.cpuUsage(cpu);
    return { seconds: (performance.now() - t) / 1000, cpuSeconds: (used.user + used.system) / 1e6, results };
  } finally {
    await pool.close();
  }
}

/** R-intro pages 9-28 as 150 dpi JPEG scans in an image-only PDF. */
async function allScanPdf(target: string): Promise<number> {
  const { doc, close } = await openPdf(new Uint8Array(await fs.readFile(path.join(FIXTURES, "R-intro.pdf"))));
  const out = await PDFDocument.create();
  try {
    for (let n = 9; n <= 28; n++) {
      const page = await doc.getPage(n);
      const { canvas } = await renderPage(page, { dpi: 150 });
      const jpg = await out.embedJpg(await canvas.encode("jpeg", 80));
      const { width, height } = page.getViewport({ scale: 1 });
      out.addPage([width, height]).drawImage(jpg, { x: 0, y: 0, width, height });
      page.cleanup();
    }
  } finally {
    await close();
  }
  await fs.writeFile(target, await out.save());
  return out.getPageCount();
}

export async function ocrBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = await ocrVersusCliBench();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-ocr-bench-"));
  try {
    // Quality: scan-p9 against R-intro p.9's text layer.
    const { doc, close } = await openPdf(new Uint8Array(await fs.readFile(path.join(FIXTURES, "R-intro.pdf"))));
    const truth = flat((await extractPages(doc)).at(8)!.lines);
    await close();
    const scan = await ocrOnPool(path.join(FIXTURES, "scan-p9.pdf"), [1], 1);
    const recognised = flat(scan.results[0].lines);
    const cer = editDistance(recognised, truth) / truth.length;
    figures.push({ group: G, name: "scan-p9.pdf character error rate vs R-intro p.9 text layer", value: (cer * 100).toFixed(2), unit: "%", note: `${truth.length} chars, whitespace collapsed; target <= 2%` });
    figures.push({ group: G, name: "scan-p9.pdf mean word confidence", value: scan.results[0].confidence.toFixed(1), note: "tesseract, 0-100" });

    // Speed: seconds per scanned page, 1 and 2 threads.
    const mixed = path.join(FIXTURES, "mixed-scan.pdf");
    const allScan = path.join(tmp, "all-scan-20.pdf");
    const pageCount = await allScanPdf(allScan);
    const allPages = Array.from({ length: pageCount }, (_, i) => i + 1);
    for (const [label, file, pages] of [["mixed-scan.pdf (page 2 scanned)", mixed, [2]], [`generated all-scan PDF, ${pageCount} pp`, allScan, allPages]] as const) {
      // Wall-clock figures: other processes on the machine slow them, so the load is printed too.
      const load = `load avg ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`;
      const one = await ocrOnPool(file, [...pages], 1);
      const two = await ocrOnPool(file, [...pages], 2);
      const s1 = one.seconds / pages.length;
      const s2 = two.seconds / pages.length;
      const cpu = (r: { cpuSeconds: number }) => `CPU ${(r.cpuSeconds / pages.length).toFixed(2)} s/page`;
      figures.push({ group: G, name: `${label}: 1 worker`, value: s1.toFixed(2), unit: "s/page", note: `incl. starting the OCR engine; ${cpu(one)}; ${load}` });
      figures.push({ group: G, name: `${label}: 2 workers`, value: s2.toFixed(2), unit: "s/page", note: `speed-up ${(s1 / s2).toFixed(2)}x${pages.length > 1 ? " (target >= 1.6x)" : " (one page: no parallelism possible)"}; ${cpu(two)}` });
      if (pages.length > 1) {
        const render = one.results.reduce((s, r) => s + r.renderMs, 0) / one.results.length;
        const ocr = one.results.reduce((s, r) => s + r.ocrMs, 0) / one.results.length;
        figures.push({ group: G, name: `render at ${OCR_DPI} dpi (pdfjs + @napi-rs/canvas, PNG encode)`, value: Math.round(render), unit: "ms/page", note: `${label}; recognition ${Math.round(ocr)} ms/page` });
      }
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  return figures;
}
