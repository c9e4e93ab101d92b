/** What treeindex changes in pdfjs' worker module source, and what stock pdfjs does instead for each change whose anchor is gone. */
export function withTreeindexChanges(source: string): { source: string; lost: string[] };
/** Marks a font name made from the file's objects (see stableFontId in extract.ts). */
export const STABLE_FONT_MARK: string;
/** The URL to import pdfjs' worker module from (a cached file, a data: URL or the stock module). */
export function workerModuleUrl(dirs?: string[]): string;
