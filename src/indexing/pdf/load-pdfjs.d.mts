/** pdfjs-dist's legacy build, loaded with Node's native JSON.stringify and Array#push kept. */
export const pdfjs: typeof import("pdfjs-dist/legacy/build/pdf.mjs");
/** The worker side of pdfjs, which runs in the same thread in Node (see direct-port.ts). */
export const WorkerMessageHandler: { initializeFromPort(port: unknown): void };
