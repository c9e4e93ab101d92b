import { Query } from "mingo";
import { describe, expect, it, vi } from "vitest";
import { loadMingo, matcher } from "../../src/store/memory-query.ts";

// Plain equality conditions take a fast path (direct compares); its answers must be mingo's.
describe("matcher: plain equalities", () => {
  const records = [
    { id: "a", owner: "u1", status: "completed", n: 1 },
    { id: "b", owner: "u1", status: "failed", n: 2 },
    { id: "c", owner: "u2", status: "completed", n: "1" },
    { id: "d", owner: ["u1", "u3"], status: "completed" },
    { id: "e", status: "completed", flag: true },
    { id: "f", owner: { id: "u1" }, status: ["completed", "queued"], n: 1.0, flag: false },
    { id: "g", owner: null, status: "completed" },
  ];
  const conditions = [
    { owner: "u1" },
    { owner: "u1", status: "completed" },
    { status: "completed" },
    { n: 1 },
    { n: "1" },
    { flag: true },
    { flag: false },
    { owner: "u3" },
    { owner: "nobody" },
    { status: { $in: ["completed", "queued"] } },
    { status: { $in: ["failed"] }, owner: "u1" },
    { n: { $in: [1, "x"] } },
    { n: { $in: ["1"] } },
    { owner: { $in: ["u3", "u2"] } },
    { owner: { $nin: ["u1"] } },
    { status: { $nin: ["completed", "failed"] } },
    { flag: { $nin: [true] } },
    { flag: { $in: [false] } },
    { missing: { $nin: ["x"] } },
    { missing: { $in: ["x"] } },
  ];

  it("selects exactly what mingo selects, arrays and objects included", async () => {
    await loadMingo();
    for (const where of conditions) {
      const oracle = new Query(where, {});
      const expected = records.filter((r) => oracle.test(r)).map((r) => r.id);
      const actual = records.filter(matcher(where)).map((r) => r.id);
      expect(actual, JSON.stringify(where)).toEqual(expected);
    }
    // The array case is why the fallback exists: "u3" is only inside d's owner array.
    expect(records.filter(matcher({ owner: "u3" })).map((r) => r.id)).toEqual(["d"]);
  });

  it("tests $in and $nin of plain values without mingo when the fields are plain", async () => {
    await loadMingo();
    // mingo's $in builds a hash map per record tested: the job runner's poll paid it for every
    // job twice a second. Plain fields must be answered without it; others still go to it.
    const spy = vi.spyOn(Query.prototype, "test");
    try {
      const many = Array.from({ length: 3000 }, (_, i) => ({ id: `r${i}`, status: ["queued", "completed", "failed"][i % 3], kind: "index" }));
      const where = { status: { $in: ["queued", "processing"] }, kind: { $nin: ["other"] } };
      expect(many.filter(matcher(where)).length).toBe(1000);
      expect(spy).not.toHaveBeenCalled();
      expect(records.filter(matcher({ owner: { $in: ["u3"] } })).map((r) => r.id)).toEqual(["d"]);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
