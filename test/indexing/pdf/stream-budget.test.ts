/**
 * The per-stream inflate budget. Streams too short to reach the limit at deflate's largest
 * possible expansion are not inflated at all; these cases sit right at that bound, so a
 * bound that is too loose (or not compounded over chained filters) lets a bomb through.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkInflatedSizes } from "../../../src/indexing/pdf/stream-budget.ts";

const LIMIT = 1 << 20;

/** Bytes holding one stream object with `filter` and `body` (all the check reads). */
function withStream(filter: string, body: Buffer): Uint8Array {
  return new Uint8Array(
    Buffer.concat([Buffer.from(`%PDF-1.7\n4 0 obj\n<< /Length ${body.length} /Filter ${filter} >>\nstream\n`), body, Buffer.from("\nendstream\nendobj\n%%EOF\n")]),
  );
}

describe("the inflate budget per stream", () => {
  it("inflates a stream compressed about 1000:1 that ends just past the limit, and fails it", async () => {
    // Zeros compress about 1009:1 at level 9, close to deflate's 1032:1 ceiling.
    const body = zlib.deflateSync(Buffer.alloc(LIMIT + 16 * 1024), { level: 9 });
    expect(body.length * 1000).toBeLessThan(LIMIT + 64 * 1024);
    await expect(checkInflatedSizes(withStream("/FlateDecode", body), LIMIT)).rejects.toMatchObject({ code: "too_large" });
  });

  it("compounds the bound over chained filters", async () => {
    const body = zlib.deflateSync(zlib.deflateSync(Buffer.alloc(LIMIT * 4), { level: 9 }), { level: 9 });
    expect(body.length * 1032).toBeLessThan(LIMIT); // one layer's bound alone would skip it
    await expect(checkInflatedSizes(withStream("[/FlateDecode /FlateDecode]", body), LIMIT)).rejects.toMatchObject({ code: "too_large" });
  });

  it("accepts streams that inflate to the limit or less, short or long", async () => {
    const exact = zlib.deflateSync(Buffer.alloc(LIMIT), { level: 9 });
    const random = zlib.deflateSync(Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)));
    await expect(checkInflatedSizes(withStream("/FlateDecode", exact), LIMIT)).resolves.toBeUndefined();
    await expect(checkInflatedSizes(withStream("/FlateDecode", random), LIMIT)).resolves.toBeUndefined();
  });
});
