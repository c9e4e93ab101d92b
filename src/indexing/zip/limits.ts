/** Limits applied to every archive, entry by entry. */
export interface ZipLimits {
  /** Entries read at most; the rest are refused as one `too_many_entries` row. */
  maxEntries: number;
  /** Sum of the uncompressed sizes of the entries read. */
  maxTotalBytes: number;
  /** Uncompressed/compressed above this ratio says "bomb"... */
  maxRatio: number;
  /** ...once the entry is at least this large (small text files compress very well). */
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxRatio: 100,
  ratioFloorBytes: 1024 ** 2,
};
