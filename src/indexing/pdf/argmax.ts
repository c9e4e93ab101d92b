/** The key with the largest value; the first seen among equals (a Map keeps insertion order). */
export function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let n = -1;
  for (const [k, v] of m) if (v > n) ((best = k), (n = v));
  return best;
}
