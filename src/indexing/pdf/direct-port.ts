/**
 * The channel between pdfjs' API and its "worker", which in Node run in the same thread.
 *
 * pdfjs' own fake worker passes every message through `structuredClone` (LoopbackPort), as a
 * real worker's postMessage would. For text extraction that is a tenth of the time: every
 * page's text items are serialised and parsed back. Here messages are copied in JavaScript
 * instead: plain objects and arrays are rebuilt (the sender may reassign or refill them after
 * sending, as pdfjs does with each text chunk), binary data is handed over as it is when the
 * sender transfers it and copied otherwise, and anything else (errors, maps) still goes
 * through `structuredClone`, so the receiver sees what a real worker would give it.
 * Delivery stays asynchronous and in order, as with LoopbackPort.
 */
import { pdfjs, WorkerMessageHandler } from "./load-pdfjs.mjs";

type Listener = (this: DirectPort, event: { data: unknown }) => void;

/** Deeper than any pdfjs message; past it (a cycle), structuredClone takes the rest. */
const MAX_DEPTH = 64;

export function copyMessage(value: unknown, transfer: ReadonlySet<unknown> = new Set(), depth = 0): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyMessage(value[i], transfer, depth + 1);
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
    for (const key of Object.keys(value)) out[key] = copyMessage((value as Record<string, unknown>)[key], transfer, depth + 1);
    return out;
  }
  if (ArrayBuffer.isView(value)) return transfer.has(value.buffer) ? value : structuredClone(value);
  if (value instanceof ArrayBuffer) return transfer.has(value) ? value : value.slice(0);
  return structuredClone(value);
}

export class DirectPort {
  readonly #listeners = new Set<Listener>();
  readonly #queue = Promise.resolve();

  postMessage(message: unknown, transfer?: readonly unknown[]): void {
    const event = { data: copyMessage(message, new Set(transfer ?? [])) };
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
