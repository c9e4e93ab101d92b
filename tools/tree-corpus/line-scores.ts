/** Line-level scores of heading detection, and the thresholds line-model.ts sets on tune lines. */

export interface Counts {
  gold: number;
  predicted: number;
  hit: number;
}

export const rates = (c: Counts) => ({ recall: c.hit / Math.max(1, c.gold), precision: c.hit / Math.max(1, c.predicted) });
export const f1 = (c: Counts) => {
  const { recall, precision } = rates(c);
  return recall + precision ? (2 * recall * precision) / (recall + precision) : 0;
};

/** Thresholds chosen on the tune lines: where F1 is best, and where recall first reaches `recall`. */
export function thresholds(scores: number[], y: number[], recall: number): { bestF1: number; atRecall: number } {
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
  const gold = y.reduce((a, v) => a + v, 0);
  let hit = 0;
  let bestF1 = 1;
  let best = -1;
  let atRecall = -1;
  order.forEach((i, k) => {
    hit += y[i];
    // Only where the next score differs can a threshold fall.
    if (k + 1 < order.length && scores[order[k + 1]] === scores[i]) return;
    const r = hit / gold;
    const p = hit / (k + 1);
    const f = (2 * r * p) / (r + p || 1);
    if (f > best) ((best = f), (bestF1 = scores[i]));
    if (atRecall < 0 && r >= recall) atRecall = scores[i];
  });
  return { bestF1, atRecall: atRecall < 0 ? 0 : atRecall };
}

