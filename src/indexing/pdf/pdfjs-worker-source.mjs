// pdfjs' worker module (the side that parses PDFs, in the same thread in Node) with two
// changes. pdfjs exports nothing to hook either from outside, so its source gets a few
// statements before exact anchors; a change whose anchor a pdfjs release moves is left out,
// and the loader says so on stderr (glyph-names.test.ts and font-names.test.ts then fail).
// 1. Glyph names: a simple font's glyph name is read by the Adobe Glyph List's rules
//    (glyph-name-text.mjs) where pdfjs would fall back to the character code, and an expert
//    name as its figure or letter where pdfjs would give a private-use character. pdfjs reads
//    glyph names to text in two places, the encoding the PDF gives (_simpleFontToUnicode) and
//    a Type 1 font's own built-in encoding (adjustType1ToUnicode, what pdfTeX's fonts without
//    /Encoding use): the helper goes before each of the two lookups.
// 2. Font names: pdfjs names a font by the order fonts were first met in one load of the file
//    ("f1", "f2", ...), so two threads reading one long PDF (page-split.ts) name the same font
//    differently and one had to read pages again to match them. Here a font loaded from an
//    object of the file is named by that object instead: the font dictionary, or, where pdfjs
//    treats several dictionaries as one font (same descriptor, same contents hash), the
//    descriptor and the hash. Fonts not found by reference keep pdfjs' numbering.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { threadId } from "node:worker_threads";
import { glyphNameText } from "./glyph-name-text.mjs";

const require = createRequire(import.meta.url);

/** The helper's reading of a glyph name, taken where it has one, before pdfjs' own lookup
 * (expert names are in pdfjs' list too, mapped to private-use characters). `indent` and
 * `code` follow the code it goes into. */
const readFirst = (indent, code) => `${indent}const treeindexText = __treeindexGlyphNameText(glyphName, glyphsUnicodeMap);
${indent}if (treeindexText) {
${indent}  toUnicode[${code}] = treeindexText;
${indent}  continue;
${indent}}
`;

/** Each lookup of a glyph name's text in pdfjs, and what goes before it. */
const GLYPH_PATCHES = [
  {
    // PartialEvaluator#_simpleFontToUnicode: the PDF's encoding ("" names already skipped).
    anchor: `      let unicode = glyphsUnicodeMap[glyphName];
      if (unicode !== undefined) {
        toUnicode[charcode] = String.fromCharCode(unicode);
        continue;
      }
`,
    before: readFirst("      ", "charcode"),
  },
  {
    // adjustType1ToUnicode: a Type 1 font's built-in encoding.
    anchor: `    const unicode = getUnicodeForGlyph(glyphName, glyphsUnicodeMap);
    if (unicode !== -1) {
      toUnicode[charCode] = String.fromCharCode(unicode);
    }
`,
    before: readFirst("    ", "charCode"),
  },
];

/** Marks a font name made from the file's objects (see stableFontId in extract.ts). */
export const STABLE_FONT_MARK = "ti_";

/** PartialEvaluator#loadFont names the font: the object's name goes first where there is one.
 * `descriptor.objId` is the descriptor's reference when it is an object of its own (pdfjs sets
 * it on every dictionary fetched by reference); only then may several fonts share it. */
const FONT_NAME_PATCHES = [
  {
    anchor: "    font.loadedName = `${this.idFactory.getDocId()}_${fontID}`;\n",
    before: `    if (hash && descriptor instanceof Dict && descriptor.objId) {
      fontID = \`${STABLE_FONT_MARK}\${descriptor.objId}_\${hash}\`;
    } else if (fontRefIsRef) {
      fontID = \`${STABLE_FONT_MARK}\${fontRef.toString()}\`;
    }
`,
  },
];

/** The changes, each applied whole or not at all; `lost` is what stock pdfjs does instead. */
const CHANGES = [
  { patches: GLYPH_PATCHES, lost: "glyph names such as 'four.oldstyle' are read as stock pdfjs reads them" },
  { patches: FONT_NAME_PATCHES, lost: "fonts are named per load of a file, so a long PDF's second thread makes the first read pages again" },
];

/** The module's own copy of the helper: the written module imports nothing of ours, so it
 * stays whole wherever treeindex is moved or built to. */
const HELPER = `const __treeindexGlyphNameText = (${glyphNameText.toString()});\n`;

/** Names the written module by what was inserted, so one from another treeindex is not used. */
const INSERTED_HASH = createHash("sha256").update(HELPER + JSON.stringify(CHANGES)).digest("hex").slice(0, 12);

/**
 * The worker module's source with the changes whose anchors are each found exactly once, and
 * what is lost for the others.
 * @param {string} source pdf.worker.mjs
 * @returns {{ source: string, lost: string[] }}
 */
export function withTreeindexChanges(source) {
  let patched = source;
  const lost = [];
  for (const change of CHANGES) {
    const applied = applyPatches(patched, change.patches);
    if (applied === null) lost.push(change.lost);
    else patched = applied;
  }
  // Its source map lies beside the stock module, not beside the written copy.
  return { source: `${HELPER}${patched.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n")}`, lost };
}

/** `source` with each patch's statements before its anchor, or null where an anchor is not found exactly once. */
function applyPatches(source, patches) {
  let patched = source;
  for (const { anchor, before } of patches) {
    const parts = patched.split(anchor);
    if (parts.length !== 2) return null;
    patched = `${parts[0]}${before}${anchor}${parts[1]}`;
  }
  return patched;
}

/**
 * Where the changed module is written: beside the installed packages (node_modules/.cache, as
 * other tools cache there), else, where those are not the user's to write (a global install),
 * the user's own cache folder.
 */
function cacheDirs() {
  const dirs = [path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "..", ".cache", "treeindex")];
  const userCache = process.env.XDG_CACHE_HOME || (homedir() && path.join(homedir(), ".cache"));
  if (userCache) dirs.push(path.join(userCache, "treeindex"));
  return dirs;
}

/**
 * The URL to import pdfjs' worker module from: the changed module, written once per pdfjs
 * release and treeindex change into the first cache folder that takes it and read from there,
 * so a thread holds no more than the stock module costs it. Where no folder can be written, a
 * data: URL (its 3 MB name stays in the module map, about 25 MB more per thread); where the
 * anchor is gone, the stock module.
 * @param {string[]} [dirs] the folders to try, in order (tests name their own)
 */
export function workerModuleUrl(dirs = cacheDirs()) {
  const stock = require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
  const { version } = require("pdfjs-dist/package.json");
  const name = `pdf.worker-${version}-${statSync(stock).size}-${INSERTED_HASH}.mjs`;
  for (const dir of dirs) if (existsSync(path.join(dir, name))) return pathToFileURL(path.join(dir, name)).href;
  const { source: patched, lost } = withTreeindexChanges(readFileSync(stock, "utf8"));
  for (const what of lost) {
    // A JSON line in the service's log format (pino's warn level is 40), as every stderr line.
    const msg = `pdfjs' worker module changed: ${what}`;
    process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg })}\n`);
  }
  if (lost.length === CHANGES.length) return pathToFileURL(stock).href;
  for (const dir of dirs) {
    const cached = path.join(dir, name);
    try {
      mkdirSync(dir, { recursive: true });
      // Threads and processes starting together each write their own file and rename it over
      // the name: a reader sees a whole module or none.
      const own = `${cached}.${process.pid}.${threadId}.tmp`;
      writeFileSync(own, patched);
      renameSync(own, cached);
      return pathToFileURL(cached).href;
    } catch {
      // Not writable here: the next folder.
    }
  }
  return `data:text/javascript;base64,${Buffer.from(patched).toString("base64")}`;
}
