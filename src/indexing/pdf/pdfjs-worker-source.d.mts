/** pdfjs' worker module source with the glyph-name fallback, or null where its anchor is gone. */
export function withGlyphNameFallback(source: string): string | null;
/** The URL to import pdfjs' worker module from (a cached file, a data: URL or the stock module). */
export function workerModuleUrl(dirs?: string[]): string;
