/**
 * `JSON.stringify(value)` as a sequence of strings of about PIECE_CHARS characters each:
 * arrays and plain objects down to `depth` levels are stringified member by member, so a
 * large document's tree, page texts or Markdown never exist as one string. As one string,
 * octave.pdf's page and node Markdown (ocr.json) is 10 MB of UTF-16 in the main thread's
 * heap, where large strings stay until a full collection that an otherwise idle server
 * seldom makes, and its UTF-8 copy 5 MB more; the index job's three blob writes added
 * about 20 MB to the server's peak RSS that way (`npm run bench -- pdf-speed`).
 * The text is exactly JSON.stringify's (test/store/json-pieces.test.ts).
 */
const PIECE_CHARS = 64 * 1024;

export function* jsonPieces(value: unknown, depth = 2): Generator<string> {
  if (!isContainer(value)) {
    const text = stringify(value);
    if (text === undefined) throw new TypeError("The value has no JSON text");
    yield text;
    return;
  }
  let pending = "";
  for (const part of parts(value, depth)) {
    pending += part;
    if (pending.length >= PIECE_CHARS) {
      yield pending;
      pending = "";
    }
  }
  if (pending) yield pending;
}

function* parts(value: unknown[] | Record<string, unknown>, depth: number): Generator<string> {
  const nested = (member: unknown): member is unknown[] | Record<string, unknown> => depth > 1 && isContainer(member);
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      const member = value[i];
      // A member without JSON text (undefined, a function) is null in an array.
      if (nested(member)) yield* parts(member, depth - 1);
      else yield stringify(member) ?? "null";
    }
    yield "]";
    return;
  }
  yield "{";
  let separator = "";
  for (const key of Object.keys(value)) {
    const member = value[key];
    const name = `${separator}${JSON.stringify(key)}:`;
    if (nested(member)) {
      yield name;
      yield* parts(member, depth - 1);
    } else {
      // ... and left out of an object.
      const text = stringify(member);
      if (text === undefined) continue;
      yield name + text;
    }
    separator = ",";
  }
  yield "}";
}

function stringify(value: unknown): string | undefined {
  return JSON.stringify(value) as string | undefined;
}

/** What JSON.stringify writes member by member itself: arrays, and objects without toJSON that are not class instances. */
function isContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}
