import { Query } from "mingo";
import { describe, expect, it } from "vitest";
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
});
