/** The archive limits live with the reader (src/indexing/zip), which applies them to ZIP imports and document containers alike. */
export * from "../../indexing/zip/limits.ts";
