/**
 * `treeindex index <file>`: index one file without a server and print the tree JSON on
 * stdout, in the same node shape as the API. A progress bar goes to stderr on a TTY.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { SingleBar, Presets } from "cli-progress";
import type { Command } from "commander";
import { renderTree } from "../core/documents/render.ts";
import { detectFormat } from "../indexing/detect.ts";
import { indexPdf } from "../indexing/pdf/index.ts";

interface IndexFlags {
  text: boolean;
  summary: boolean;
  nodeId: boolean;
  older?: boolean;
  pretty?: boolean;
}

export function registerIndexCommand(program: Command): void {
  program
    .command("index")
    .description("index one PDF without a server and print its tree as JSON (stdout)")
    .argument("<file>", "PDF file")
    .option("--no-text", "omit node text")
    .option("--summary", "add node summaries and the document description", false)
    .option("--no-node-id", "omit node ids")
    .option("--older", "older /tree node shape (start_index/end_index)")
    .option("--pretty", "indent the JSON")
    .action(async (file: string, flags: IndexFlags) => {
      const bytes = new Uint8Array(await fs.readFile(file));
      const format = detectFormat(bytes, file);
      if (format.kind !== "pdf") {
        throw new Error(`${file}: ${format.kind === "unknown" ? `looks like ${format.looksLike}` : `${format.kind} files`}; accepted: PDF`);
      }
      const bar = process.stderr.isTTY ? new SingleBar({ format: "indexing [{bar}] {value}/{total} pages", stream: process.stderr }, Presets.shades_classic) : undefined;
      let started = false;
      const indexed = await indexPdf(bytes, {
        addSummaries: flags.summary,
        addDescription: flags.summary,
        onProgress: (done, total) => {
          if (!bar) return;
          if (!started) bar.start(total, 0), (started = true);
          bar.update(done);
        },
      });
      bar?.stop();
      const output = {
        doc_name: path.basename(file),
        page_count: indexed.pageCount,
        toc_source: indexed.tocSource,
        ...(indexed.description ? { doc_description: indexed.description } : {}),
        ...(indexed.warnings?.length ? { warnings: indexed.warnings } : {}),
        result: renderTree(indexed.tree, { generation: flags.older ? "tree" : "doc", includeText: flags.text, includeSummary: flags.summary, includeNodeId: flags.nodeId }),
      };
      process.stdout.write(`${JSON.stringify(output, null, flags.pretty ? 2 : undefined)}\n`);
    });
}
