import { describe, expect, it } from "vitest";
import { aggregatesParam, filterProblem, groupByParam, sortParam } from "../../../src/core/listing/query-language.ts";

describe("metadata_filter operator check", () => {
  it("accepts exactly the contract's operators, nested in $and/$or", () => {
    const ok = [
      { a: 1 },
      { a: null, b: "x", c: true, d: ["x", "y"] },
      { a: { $eq: 1, $ne: 2, $gt: 0, $gte: 0, $lt: 9, $lte: 9 } },
      { a: { $in: ["x", 1, null] } },
      { $and: [{ a: 1 }, { $or: [{ b: { $gt: 1 } }, { c: "z" }] }] },
    ];
    for (const f of ok) expect(filterProblem(f), JSON.stringify(f)).toBeNull();
  });

  it("names what is refused", () => {
    const cases: Array<[unknown, string]> = [
      [{ $where: "1" }, "$where"],
      [{ $nor: [{ a: 1 }] }, "$nor"],
      [{ a: { $regex: "x" } }, "$regex"],
      [{ a: { $elemMatch: { b: 1 } } }, "$elemMatch"],
      [{ a: { $exists: true } }, "$exists"],
      [{ $and: [{ a: { $size: 1 } }] }, "$size"],
      [{ a: { $in: "x" } }, "$in"],
      [{ a: { $eq: { $gt: 1 } } }, "$eq"],
      [{ a: { b: 1 } }, "b"],
      [{ $or: {} }, "$or"],
      [[1], "JSON object"],
      [{ a: {} }, "empty"],
    ];
    for (const [f, word] of cases) expect(filterProblem(f), JSON.stringify(f)).toContain(word);
  });
});

describe("sort, aggregates and group_by parameters", () => {
  it("parse valid values", () => {
    expect(sortParam.parse('{"a":1,"b":-1}')).toEqual({ a: 1, b: -1 });
    expect(aggregatesParam.parse('{"n":{"$count":{}},"t":{"$sum":"$amount"},"m":{"$max":"x.y"}}')).toEqual({
      n: { op: "$count", field: null },
      t: { op: "$sum", field: "amount" },
      m: { op: "$max", field: "x.y" },
    });
    expect(groupByParam.parse('["a","b"]')).toEqual(["a", "b"]);
  });

  it("refuse limits and malformed values", () => {
    expect(sortParam.safeParse('{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1}').success).toBe(false);
    expect(sortParam.safeParse('{"a":0}').success).toBe(false);
    expect(sortParam.safeParse("{}").success).toBe(false);
    expect(aggregatesParam.safeParse('{"n":{"$count":{},"$sum":"a"}}').success).toBe(false);
    expect(aggregatesParam.safeParse('{"1n":{"$count":{}}}').success).toBe(false);
    expect(aggregatesParam.safeParse('{"n":{"$push":"a"}}').success).toBe(false);
    expect(groupByParam.safeParse('["a","a"]').success).toBe(false);
    expect(groupByParam.safeParse('["a","b","c","d","e","f"]').success).toBe(false);
    expect(groupByParam.safeParse('["$a"]').success).toBe(false);
    expect(groupByParam.safeParse("[").success).toBe(false);
  });
});
