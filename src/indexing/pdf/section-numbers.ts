/**
 * Section numbers ("2", "2.3", "2.3.1") as sequences: which number may come next, and whether
 * a run of numbers counts on as a document's sections do (lists numbered 1, 2, 3 start again
 * and again).
 */

/** The parts of a dotted section number opening `t` ("2.3.1 Title" -> [2, 3, 1]), or null. */
export function leadingSectionNumber(t: string, minDepth = 1): number[] | null {
  const m = /^(\d{1,3}(?:\.\d{1,3}){0,4})\.?\s+(?=\S)/u.exec(t);
  if (!m) return null;
  const parts = m[1].split(".").map(Number);
  return parts.length >= minDepth ? parts : null;
}

/**
 * Section numbers in document order that count on: at least two steps to the very next
 * number (1.1 -> 1.2, 1.2 -> 2.1, 2 -> 2.1), and the numbers only ever grow (a style may hold
 * every third-level number while other levels sit in other styles: 3.2.1 -> 4.1.1).
 */
export function countsOn(numbers: readonly number[][]): boolean {
  if (numbers.length < 3) return false;
  let steps = 0;
  let growing = 0;
  for (let i = 1; i < numbers.length; i++) {
    if (isNextNumber(numbers[i - 1], numbers[i])) steps++;
    if (comesAfter(numbers[i - 1], numbers[i])) growing++;
  }
  return steps >= 2 && growing >= (numbers.length - 1) * 0.85;
}

/**
 * Letters that count on in a style (A, B, C; starting again at A under the next section), as
 * the sub-sections of IEEE papers are set in the text's italic: at least three, most steps
 * to the next letter.
 */
export function lettersCountOn(letters: readonly number[]): boolean {
  if (letters.length < 3) return false;
  let steps = 0;
  let ordered = 0;
  for (let i = 1; i < letters.length; i++) {
    if (letters[i] === letters[i - 1] + 1) steps++;
    if (letters[i] === letters[i - 1] + 1 || letters[i] === 1) ordered++;
  }
  return steps >= 2 && ordered >= (letters.length - 1) * 0.85;
}

/** `b` sorts after `a` part by part (2.9 < 2.10 < 3). */
export function comesAfter(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return b[i] > a[i];
  return b.length > a.length;
}

/** `b` can follow `a` directly: one part goes up by one and the parts after it start at 1, or `b` opens a level below `a`. */
export function isNextNumber(a: readonly number[], b: readonly number[]): boolean {
  if (b.length === a.length + 1 && b[b.length - 1] === 1 && a.every((x, i) => x === b[i])) return true;
  const k = a.findIndex((x, i) => x !== b[i]);
  if (k < 0 || k >= b.length) return false;
  if (b[k] !== a[k] + 1) return false;
  return b.slice(k + 1).every((x) => x === 1);
}
