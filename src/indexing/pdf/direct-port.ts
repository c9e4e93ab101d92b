/**
 * The channel between pdfjs' API and its "worker", which in Node run in the same thread.
 *
 * pdfjs' own fake worker passes every message through `structuredClone` (LoopbackPort), as a
 * real worker's postMessage would. For text extraction that is a tenth of the time: every
 * page's text items are serialised and parsed back. Here messages are copied in JavaScript
 * instead: plain objects and arrays are rebuilt (the sender may reassign or refill them after
 * sending, as pdfjs does with an operator list's arrays), binary data is copied, and anything
 * else (errors, maps) still goes through `structuredClone`, so the receiver sees what a real
 * worker would give it. Text items are the one exception (see `copyForDelivery`). A message
 * with a transfer list (the document's bytes, decoded images: a few per document) goes
 * through `structuredClone` with it, as in LoopbackPort: the buffers move and the sender's
 * views are left empty, so the sender keeps no second reference to a PDF's bytes. Delivery
 * stays asynchronous and in order, as with LoopbackPort.
 */
import type { TransferListItem } from "node:worker_threads";
import { pdfjs, WorkerMessageHandler } from "./load-pdfjs.mjs";

type Listener = (this: DirectPort, event: { data: unknown }) => void;

/** Deeper than any pdfjs message; past it (a cycle), structuredClone takes the rest. */
const MAX_DEPTH = 64;

export function copyMessage(value: unknown, depth = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyMessage(value[i], depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
    for (const key of Object.keys(value)) out[key] = copyMessage((value as Record<string, unknown>)[key], depth + 1);
    return out;
  }
  if (value instanceof ArrayBuffer) return value.slice(0);
  return structuredClone(value);
}

interface TextChunkMessage {
  chunk: { items: unknown[]; styles: object };
}

/** A chunk of getTextContent's stream ({items, styles, lang}); no other pdfjs message has both. */
function isTextChunkMessage(message: unknown): message is TextChunkMessage {
  const chunk = (message as { chunk?: { items?: unknown; styles?: unknown } } | null)?.chunk;
  return typeof chunk === "object" && chunk !== null && Array.isArray(chunk.items) && typeof chunk.styles === "object";
}

/**
 * The message as the receiver gets it. Text items are handed over (in a new array) instead of
 * copied: pdfjs makes every item and its transform afresh and, once a chunk is sent, starts a
 * new `items` array and `styles` object (evaluator.js, enqueueChunk), never touching the sent
 * ones again. Copying each item was most of this channel's cost (octave.pdf: ~0.15 s of a
 * 4 s read). Should a pdfjs release change that, the items would differ from what pdfjs' own
 * worker gives, which test/indexing/pdf/direct-port.test.ts compares on a real PDF.
 */
export function copyForDelivery(message: unknown): unknown {
  if (!isTextChunkMessage(message)) return copyMessage(message);
  // Key by key rather than with object rest patterns, which V8 runs through a slow generic
  // path: this runs for every 10 text items or so (octave.pdf: 20,000 chunks).
  const envelope = message as unknown as Record<string, unknown>;
  const chunk = message.chunk as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(envelope)) out[key] = key === "chunk" ? undefined : copyMessage(envelope[key], 1);
  const copied: Record<string, unknown> = {};
  for (const key of Object.keys(chunk)) copied[key] = key === "items" ? message.chunk.items.slice() : copyMessage(chunk[key], 2);
  out.chunk = copied;
  return out;
}

export class DirectPort {
  readonly #listeners = new Set<Listener>();
  readonly #queue = Promise.resolve();

  postMessage(message: unknown, transfer?: TransferListItem[]): void {
    const event = { data: transfer?.length ? structuredClone(message, { transfer }) : copyForDelivery(message) };
    void this.#queue.then(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: string, listener: Listener): void {
    this.#listeners.add(listener);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.#listeners.delete(listener);
  }

  terminate(): void {
    this.#listeners.clear();
  }
}

export interface DirectWorker {
  worker: InstanceType<typeof pdfjs.PDFWorker>;
  /** Ends both sides; call after the document is destroyed. */
  close(): void;
}

/** A pdfjs worker for one document, speaking over a DirectPort. */
export function directWorker(): DirectWorker {
  const port = new DirectPort();
  WorkerMessageHandler.initializeFromPort(port);
  const worker = new pdfjs.PDFWorker({ port } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0]);
  return {
    worker,
    close() {
      worker.destroy();
      port.terminate();
    },
  };
}
