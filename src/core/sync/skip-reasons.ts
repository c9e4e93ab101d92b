/**
 * Why a file of a watched folder is not indexed. The common reasons are stored as short codes
 * (a folder of 8,000 pictures must not put 8,000 copies of a sentence into the catalogue,
 * which every write rewrites) and described when shown; a reason found by reading the file
 * (what its content turned out to be) is stored as its message.
 */
export const SKIP_REASONS = {
  unsupported_format: "unsupported format (accepted: PDF, Markdown, Word, OpenDocument text, PowerPoint, EPUB, HTML, plain text)",
  too_large: "larger than the upload limit (TREEINDEX_MAX_UPLOAD_MB)",
  link_outside: "symbolic link to a place outside the allowed folders (TREEINDEX_ALLOWED_ROOTS)",
  link_to_folder: "symbolic link to a folder (not followed)",
  dangling_link: "symbolic link whose target does not exist",
} as const;

export type SkipCode = keyof typeof SKIP_REASONS;

/** The words for a stored reason: a code's description, or the stored message itself. */
export function describeSkip(stored: string): string {
  return Object.hasOwn(SKIP_REASONS, stored) ? SKIP_REASONS[stored as SkipCode] : stored;
}
