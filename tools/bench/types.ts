/** One printed figure of `npm run bench`. */
export interface BenchFigure {
  /** Section, e.g. "store", "pdf-quality", "pdf-speed". */
  group: string;
  name: string;
  value: number | string;
  unit?: string;
  /** Baseline or target the figure is compared against, in words. */
  note?: string;
}

/** A bench section: measures and returns its figures; may print extra detail to stderr. */
export type BenchSection = () => Promise<BenchFigure[]>;
