/**
 * Gradient-boosted decision trees for a yes/no label (logistic loss), on features binned at
 * their quantiles: the non-linear model line-model.ts weighs against the heading rules. Small
 * and plain on purpose (a development aid, not shipped): depth-limited trees grown from
 * per-bin sums of gradients and hessians, as histogram boosting libraries grow them.
 */

export interface BoostOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Weight of a positive row (balances rare positives). */
  positiveWeight: number;
  bins?: number;
  /** L2 penalty on leaf values. */
  lambda?: number;
  /** No child holding less hessian than this. */
  minChildWeight?: number;
}

interface Split {
  feature: number;
  /** Rows with bin <= this go left. */
  bin: number;
  left: Node;
  right: Node;
}

type Node = { value: number } | Split;

export interface BoostedModel {
  /** Per feature, the upper edges of its bins. */
  edges: Float64Array[];
  base: number;
  trees: Node[];
}

function binOf(edges: Float64Array, v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v <= edges[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function quantileEdges(rows: Float32Array[], j: number, bins: number): Float64Array {
  const step = Math.max(1, Math.floor(rows.length / 20000));
  const sample: number[] = [];
  for (let i = 0; i < rows.length; i += step) sample.push(rows[i][j]);
  sample.sort((a, b) => a - b);
  const edges = new Set<number>();
  for (let k = 1; k < bins; k++) edges.add(sample[Math.floor((k * (sample.length - 1)) / bins)]);
  return Float64Array.from([...edges].sort((a, b) => a - b));
}

export function trainBoosted(x: Float32Array[], y: number[], opts: BoostOptions): BoostedModel {
  const n = x.length;
  const d = x[0]?.length ?? 0;
  const bins = opts.bins ?? 32;
  const lambda = opts.lambda ?? 1;
  const minChild = opts.minChildWeight ?? 1;
  const edges = Array.from({ length: d }, (_, j) => quantileEdges(x, j, bins));
  const binned = new Uint8Array(n * d);
  for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) binned[i * d + j] = binOf(edges[j], x[i][j]);
  const weight = y.map((v) => (v ? opts.positiveWeight : 1));
  const sumW = weight.reduce((a, b) => a + b, 0);
  const pos = y.reduce((a, v, i) => a + v * weight[i], 0);
  const base = Math.log(pos / Math.max(1e-9, sumW - pos));
  const f = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: Node[] = [];
  const width = bins + 1;
  const grow = (rows: Uint32Array, level: number): Node => {
    let G = 0;
    let H = 0;
    for (const i of rows) ((G += g[i]), (H += h[i]));
    const leaf = { value: (-G / (H + lambda)) * opts.learningRate };
    if (level >= opts.depth || rows.length < 2) return leaf;
    const hg = new Float64Array(d * width);
    const hh = new Float64Array(d * width);
    for (const i of rows) {
      const o = i * d;
      for (let j = 0; j < d; j++) {
        const k = j * width + binned[o + j];
        hg[k] += g[i];
        hh[k] += h[i];
      }
    }
    const parent = (G * G) / (H + lambda);
    let best = { gain: 1e-6, feature: -1, bin: -1 };
    for (let j = 0; j < d; j++) {
      let gl = 0;
      let hl = 0;
      for (let b = 0; b < width - 1; b++) {
        gl += hg[j * width + b];
        hl += hh[j * width + b];
        const gr = G - gl;
        const hr = H - hl;
        if (hl < minChild || hr < minChild) continue;
        const gain = (gl * gl) / (hl + lambda) + (gr * gr) / (hr + lambda) - parent;
        if (gain > best.gain) best = { gain, feature: j, bin: b };
      }
    }
    if (best.feature < 0) return leaf;
    let nl = 0;
    for (const i of rows) if (binned[i * d + best.feature] <= best.bin) nl++;
    const left = new Uint32Array(nl);
    const right = new Uint32Array(rows.length - nl);
    let a = 0;
    let c = 0;
    for (const i of rows) {
      if (binned[i * d + best.feature] <= best.bin) left[a++] = i;
      else right[c++] = i;
    }
    return { feature: best.feature, bin: best.bin, left: grow(left, level + 1), right: grow(right, level + 1) };
  };
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  for (let t = 0; t < opts.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-f[i]));
      g[i] = weight[i] * (p - y[i]);
      h[i] = weight[i] * Math.max(p * (1 - p), 1e-6);
    }
    const tree = grow(all, 0);
    trees.push(tree);
    for (let i = 0; i < n; i++) f[i] += leafValue(tree, (j) => binned[i * d + j]);
  }
  return { edges, base, trees };
}

function leafValue(node: Node, binAt: (j: number) => number): number {
  while ("feature" in node) node = binAt(node.feature) <= node.bin ? node.left : node.right;
  return node.value;
}

/** The model's probability that the row is a positive. */
export function predictBoosted(m: BoostedModel, row: Float32Array): number {
  let z = m.base;
  const binAt = (j: number) => binOf(m.edges[j], row[j]);
  for (const t of m.trees) z += leafValue(t, binAt);
  return 1 / (1 + Math.exp(-z));
}
