/**
 * The per-job memory ceiling, applied before pdfjs sees the file: pdfjs decodes a whole
 * compressed stream into one buffer (and then parses it), so a 1 MB PDF whose content
 * stream inflates to 1 GiB would hold gigabytes outside the V8 heap, where the worker's
 * heap limit does not reach. Every FlateDecode stream (also chained, `[/FlateDecode
 * /FlateDecode]`) is inflated here in chunks, counting bytes and keeping none, and the
 * document fails as soon as one stream would exceed the budget.
 *
 * Streams are found by their `stream` keyword after a dictionary; the filter is read from
 * that dictionary. Streams whose data is damaged are skipped (pdfjs decides about those).
 * Other filters (LZW, RunLength) are rare in practice and not counted.
 */
import zlib from "node:zlib";
import { PdfError } from "./errors.ts";

const STREAM = Buffer.from("stream");
const END_STREAM = Buffer.from("endstream");
/** How far back from `stream` to look for the stream's dictionary. */
const DICT_WINDOW = 4096;
const CHUNK = 64 * 1024;
/** The most one deflate stream can expand: a 258-byte match costs at least 2 bits (zlib's FAQ, "1032:1"). */
const DEFLATE_MAX_RATIO = 1032;

export async function checkInflatedSizes(data: Uint8Array, limitBytes: number): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    // Skip `endstream`, and `stream` inside other words.
    if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a && bytes[start - 1] !== 0x0d) continue;
    if (bytes[start] === 0x0a) start++;
    const dict = bytes.toString("latin1", Math.max(0, at - DICT_WINDOW), at);
    const layers = flateLayers(dict);
    if (layers === 0) continue;
    const end = bytes.indexOf(END_STREAM, start);
    const body = bytes.subarray(start, end < 0 ? bytes.length : end);
    // Deflate cannot expand data more than 1032-fold, so a stream too short to reach the
    // limit even so needs no inflating (nearly all of them: this made the check 10x faster).
    if (body.length * DEFLATE_MAX_RATIO ** layers <= limitBytes) {
      if (end > 0) at = end;
      continue;
    }
    const size = await inflatedSize(body, layers, limitBytes);
    if (size > limitBytes) {
      throw new PdfError(
        "too_large",
        `A compressed stream of this PDF inflates to more than ${Math.round(limitBytes / 1024 / 1024)} MB (the per-job memory ceiling, TREEINDEX_JOB_MEMORY_MB, allows a quarter of it per stream)`,
      );
    }
    if (end > 0) at = end;
  }
}

/** Number of FlateDecode filters in the last dictionary before `stream`; 0 if the first filter is another one. */
function flateLayers(dictText: string): number {
  const open = dictText.lastIndexOf("obj");
  const dict = open >= 0 ? dictText.slice(open) : dictText;
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!match) return 0;
  const names = match[1].match(/\/[A-Za-z0-9]+/g) ?? [];
  let layers = 0;
  for (const name of names) {
    if (name !== "/FlateDecode" && name !== "/Fl") break;
    layers++;
  }
  return layers;
}

/** Inflated size of `body` through `layers` chained inflates, stopping once past `limit` (returns limit + 1 then). */
async function inflatedSize(body: Buffer, layers: number, limit: number): Promise<number> {
  const inflaters = Array.from({ length: layers }, () => zlib.createInflate({ chunkSize: CHUNK }));
  for (let i = 0; i + 1 < inflaters.length; i++) inflaters[i].pipe(inflaters[i + 1]);
  const last = inflaters[inflaters.length - 1];
  let total = 0;
  const done = new Promise<number>((resolve) => {
    // Resolve only once every inflater has closed: no zlib work may still be pending on the
    // thread pool when the function returns (a worker terminated with an open zlib handle
    // can abort the whole process).
    let settled = false;
    const finish = (value: number) => {
      if (settled) return;
      settled = true;
      Promise.all(inflaters.map((z) => new Promise<void>((closed) => (z.closed ? closed() : (z.once("close", () => closed()), z.destroy()))))).then(() => resolve(value));
    };
    last.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish(limit + 1);
    });
    last.on("end", () => finish(total));
    // Damaged data: count what came out; pdfjs will judge the stream itself.
    for (const z of inflaters) z.on("error", () => finish(total));
  });
  // Feed in slices so a stopped inflate is not handed the whole body at once.
  void (async () => {
    for (let i = 0; i < body.length; i += CHUNK) {
      if (inflaters[0].destroyed) return;
      if (!inflaters[0].write(body.subarray(i, i + CHUNK))) await new Promise((r) => inflaters[0].once("drain", r));
    }
    if (!inflaters[0].destroyed) inflaters[0].end();
  })().catch(() => undefined);
  return done;
}
