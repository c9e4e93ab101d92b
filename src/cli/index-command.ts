/**
 * `treeindex index <file>`: index one document without a server and print the tree JSON on
 * stdout, in the same node shape as the API (`POST /markdown`'s for Markdown, `GET /doc`'s
 * for the others). The format is recognised by content, as for uploads.
 * A progress bar goes to stderr on a TTY.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { expandHome } from "../expand-home.ts";
import type { IndexedDocument } from "../indexing/tree-types.ts";
import type { renderTree as RenderTreeFn } from "../core/documents/render.ts";

type RenderTree = typeof RenderTreeFn;

interface IndexFlags {
  text: boolean;
  summary: boolean;
  nodeId: boolean;
  older?: boolean;
  pretty?: boolean;
  thinning?: number;
  summaryThreshold?: number;
  ocr: boolean;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("expected a whole number of tokens");
  return n;
}

export function registerIndexCommand(program: Command): void {
  program
    .command("index")
    .description("index one document (PDF, Markdown, DOCX, ODT, PPTX, EPUB, HTML, text) without a server and print its tree as JSON (stdout)")
    .argument("<file>", "PDF, Markdown (.md/.markdown), Word (.docx), OpenDocument (.odt), PowerPoint (.pptx), EPUB, HTML or text file")
    .option("--no-text", "omit node text")
    .option("--summary", "add node summaries and the document description", false)
    .option("--no-node-id", "omit node ids")
    .option("--older", "older /tree node shape (start_index/end_index)")
    .option("--pretty", "indent the JSON")
    .option("--no-ocr", "Do not OCR PDF pages without a usable text layer, nor slides, Word pages and e-book chapters holding only pictures (they stay empty)")
    .option("--thinning <tokens>", "Markdown: merge subtrees smaller than this many tokens into their parent", positiveInt)
    .option("--summary-threshold <tokens>", "Markdown: nodes shorter than this use their own text as summary (default 200)", positiveInt)
    .addHelpText("after", "\nExample:\n  treeindex index report.pdf --pretty > report.tree.json\n\nThe output is the API's own shape: GET /doc/{id}'s for a PDF and the other formats ({doc_name, page_count, toc_source, result}), POST /markdown's for Markdown ({success, doc_name, structure}).\nTo store a file instead, use treeindex add.\n")
    .action(async (given: string, flags: IndexFlags, command: Command) => {
      // A quoted `~/…` reaches us unexpanded by the shell.
      const file = expandHome(given);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat) throw new Error(`${file}: no such file`);
      if (!stat.isFile()) throw new Error(`${file}: not a file`);
      // The indexers (pdfjs, remark) load only when this command runs.
      const [{ SingleBar, Presets }, { renderTree }, { detectDocument }, { decodeMarkdown, indexMarkdown }, { indexPdf }] = await Promise.all([
        import("cli-progress"),
        import("../core/documents/render.ts"),
        import("../indexing/detect-container.ts"),
        import("../indexing/markdown/index.ts"),
        import("../indexing/pdf/index.ts"),
      ]);
      const bytes = new Uint8Array(await fs.readFile(file));
      const format = await detectDocument(bytes, file);
      if (format.kind === "markdown") {
        const indexed = indexMarkdown(decodeMarkdown(bytes, file), {
          fileName: file,
          thinning: flags.thinning !== undefined,
          thinningThreshold: flags.thinning,
          summaryTokenThreshold: flags.summaryThreshold,
          addSummaries: flags.summary,
          addDescription: flags.summary,
        });
        const { markdownTreeResponseOf } = await import("../core/markdown/service.ts");
        const output = markdownTreeResponseOf(file, indexed, { addNodeText: flags.text, addNodeSummary: flags.summary, addNodeId: flags.nodeId, addDocDescription: flags.summary });
        process.stdout.write(`${JSON.stringify(output, null, flags.pretty ? 2 : undefined)}\n`);
        return;
      }
      if (format.kind === "unknown" || format.kind === "zip") {
        const { ACCEPTED_FORMATS } = await import("../indexing/formats.ts");
        throw new Error(`${file}: ${format.kind === "unknown" ? `looks like ${format.looksLike}` : "a ZIP archive (treeindex add imports its documents)"}; accepted: ${ACCEPTED_FORMATS.replace(/; and ZIP.*$/, "")}`);
      }
      if (format.kind !== "pdf") {
        const { loadConfig } = await import("../config.ts");
        const { indexLimits } = await import("../core/documents/index-job.ts");
        const { indexStructured } = await import("../indexing/structured/index.ts");
        const config = loadConfig(command.optsWithGlobals());
        const { maxStreamBytes } = indexLimits(config);
        const { closeEngine } = await import("../indexing/ocr/engine.ts");
        let indexed;
        try {
          const ocr = flags.ocr ? { langs: config.ocr.langs } : undefined;
          indexed = await indexStructured(format.kind, bytes, { fileName: file, addSummaries: flags.summary, addDescription: flags.summary, container: { maxPartBytes: maxStreamBytes }, ocr });
        } finally {
          // The OCR engine, if pictures were read, would keep the process alive.
          await closeEngine();
        }
        printIndexed(file, indexed, flags, renderTree);
        return;
      }
      const bar = process.stderr.isTTY ? new SingleBar({ format: "indexing [{bar}] {value}/{total} pages, ETA {eta_formatted}", stream: process.stderr }, Presets.shades_classic) : undefined;
      let started = false;
      const { loadConfig } = await import("../config.ts");
      const config = loadConfig(command.optsWithGlobals());
      const { indexLimits } = await import("../core/documents/index-job.ts");
      const pdfOptions = {
        // The same per-job ceilings as the service (TREEINDEX_JOB_MEMORY_MB, TREEINDEX_MAX_PAGES).
        ...indexLimits(config),
        addSummaries: flags.summary,
        addDescription: flags.summary,
        onProgress: (done: number, total: number) => {
          if (!bar) return;
          if (!started) bar.start(total, 0), (started = true);
          bar.update(done);
        },
      };
      let indexed = await indexPdf(bytes.slice(), { ...pdfOptions, detectScans: flags.ocr });
      bar?.stop();
      if (indexed.needsOcr?.length) {
        // Scanned pages: recognised here, in this process, as the service does in its pool.
        const { ocr } = config;
        process.stderr.write(`OCR of ${indexed.needsOcr.length} page(s) without a usable text layer: ${indexed.needsOcr.join(", ")}\n`);
        const [{ default: ocrTask }, { closeEngine }] = await Promise.all([import("../indexing/ocr/page-task.ts"), import("../indexing/ocr/engine.ts")]);
        try {
          const results = await ocrTask({ filePath: file, pages: indexed.needsOcr, langs: ocr.langs, dpi: ocr.dpi });
          const lines = Object.fromEntries(results.map((r) => [r.page, r.lines]));
          indexed = await indexPdf(bytes.slice(), { ...pdfOptions, onProgress: undefined, ocrLines: lines });
          indexed.warnings = [...(indexed.warnings ?? []), ...results.flatMap((r) => (r.warning ? [r.warning] : []))];
        } finally {
          await closeEngine();
        }
      }
      printIndexed(file, indexed, flags, renderTree);
    });
}

/** The tree of a PDF or of a structured format, as `index` prints it on stdout. */
function printIndexed(file: string, indexed: IndexedDocument & { ocrPages?: number[] }, flags: IndexFlags, renderTree: RenderTree): void {
  const output = {
    doc_name: path.basename(file),
    page_count: indexed.pageCount,
    toc_source: indexed.tocSource,
    ...(indexed.ocrPages?.length ? { ocr_pages: indexed.ocrPages } : {}),
    ...(indexed.description ? { doc_description: indexed.description } : {}),
    ...(indexed.warnings?.length ? { warnings: indexed.warnings } : {}),
    result: renderTree(indexed.tree, { generation: flags.older ? "tree" : "doc", includeText: flags.text, includeSummary: flags.summary, includeNodeId: flags.nodeId }),
  };
  process.stdout.write(`${JSON.stringify(output, null, flags.pretty ? 2 : undefined)}\n`);
}
