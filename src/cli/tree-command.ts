/**
 * `treeindex tree DOC`: a stored document's outline (titles, node ids, pages). Big trees come
 * in parts, as they do for a model (get_document_structure, ~40k characters of JSON a part):
 * the header then says which part this is and how to get the next one or all of them, so a
 * person never mistakes the first 150 of 649 sections for the whole document. `--part N`
 * shows one part, `--all` the whole tree, uncut.
 */
import { InvalidArgumentError, Option, type Command } from "commander";
import type { OutlineNode } from "../core/documents/reading-schemas.ts";
import { findDocument, withServices } from "./store-commands.ts";

interface TreeFlags {
  depth?: number;
  part?: number;
  all?: boolean;
  json?: boolean;
}

function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("expected a whole number of 1 or more");
  return n;
}

function countOutline(nodes: OutlineNode[]): number {
  return nodes.reduce((sum, n) => sum + 1 + countOutline(n.nodes), 0);
}

function outlineLines(nodes: OutlineNode[], depth = 0, lines: string[] = []): string[] {
  for (const n of nodes) {
    const where = n.start_index !== undefined ? `p.${n.start_index}${n.end_index !== n.start_index ? `-${n.end_index}` : ""}` : n.line_num !== undefined ? `line ${n.line_num}` : "";
    lines.push(`${"  ".repeat(depth)}${n.title}  [${n.node_id}] ${where}${n.hidden_children ? ` (+${n.hidden_children} below)` : ""}`);
    outlineLines(n.nodes, depth + 1, lines);
  }
  return lines;
}

export function registerTreeCommand(program: Command): void {
  program
    .command("tree")
    .description("print a stored document's outline: titles, node ids and pages (a big tree in parts: --part N, or --all)")
    .argument("<doc>", "document id or unique file name")
    .option("--depth <n>", "levels to show", wholeNumber)
    .addOption(new Option("--part <n>", "show this part of a big tree (the header says how many there are)").argParser(wholeNumber).conflicts("all"))
    .option("--all", "show the whole tree, not one part")
    .option("--json", "print the structure as JSON")
    .addHelpText("after", "\nExamples:\n  treeindex tree R-intro.pdf --depth 2\n  treeindex tree gnuplot.pdf --part 2\n  treeindex tree gnuplot.pdf --all | less\n")
    .action(async (ref: string, flags: TreeFlags, command: Command) => {
      await withServices(command, false, async (services, user) => {
        const doc = await findDocument(services, user, ref);
        // --all: a reader without the per-answer size budget of models, so nothing is split or collapsed.
        const reader = flags.all
          ? await import("../core/documents/reading.ts").then(({ DocumentReader, CONTENT_CHARS }) => new DocumentReader(services.store, services.documents, { partChars: Number.POSITIVE_INFINITY, contentChars: CONTENT_CHARS }))
          : services.reader;
        const result = await reader.structure(user, doc.id, { maxDepth: flags.depth, part: flags.part });
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
          return;
        }
        let header = `${doc.name} (${doc.id}), ${doc.format === "pdf" ? `${doc.pageNum} pages, ` : ""}${result.node_count} sections`;
        if (result.parts > 1) {
          const next = result.part < result.parts ? `--part ${result.part + 1} for the next, ` : "";
          header += `; part ${result.part} of ${result.parts}, ${countOutline(result.structure)} sections shown (${next}--all for the whole tree)`;
        }
        process.stdout.write(`${[header, ...outlineLines(result.structure)].join("\n")}\n`);
      });
    });
}
