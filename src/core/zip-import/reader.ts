/**
 * The archive reader lives with the indexers (src/indexing/zip), which read office documents
 * and e-books through it too; the ZIP import keeps importing it from here.
 */
export * from "../../indexing/zip/reader.ts";
