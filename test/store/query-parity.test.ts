/**
 * The same queries as values on both stores give the same answers: conditions, sorting,
 * paging and aggregates over documents whose metadata holds every JSON type, missing
 * fields, nulls and arrays. The file store (mingo) is the reference for MongoDB semantics.
 */
import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Aggregation, type FindOptions, type Store, type Where } from "../../src/store/index.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { makeTempHome } from "../helpers/server.ts";
import { doc } from "./store-contract.ts";

let server: TestPostgres;
let fileHome: string;
let scratch: string;
let fileStore: Store;
let pgStore: Store;

const METADATA: Array<Record<string, unknown>> = [
  { year: 2020, type: "10-K", tags: ["finance", "annual"], amount: 10.5, nested: { level: 1 } },
  { year: 2021, type: "10-Q", tags: ["finance"], amount: 3, nested: { level: 2 } },
  { year: 2021, type: "10-K", tags: [], amount: "n/a" },
  { year: 2019, type: null, amount: 7 },
  { type: "paper", tags: ["science"], flag: true },
  { year: 2022, type: "10-Q", amount: -1, flag: false, nested: { level: 2, name: "x" } },
  { year: "2021", type: "Ünïcode", amount: 0 },
  {},
];

beforeAll(async () => {
  server = await startTestPostgres();
  fileHome = await makeTempHome();
  scratch = await makeTempHome();
  fileStore = await openStore(fileHome);
  pgStore = await openStore(scratch, { databaseUrl: await server.createDatabase() });
  for (const store of [fileStore, pgStore]) {
    await store.write(async (tx) => {
      for (const [i, metadata] of METADATA.entries()) {
        await tx.documents.insert(
          doc(`doc_${i}`, {
            metadata,
            owner: i % 3 === 0 ? "usr_b" : "usr_a",
            folderId: i % 2 === 0 ? null : `fld_${i % 4}`,
            status: i === 2 ? "failed" : "completed",
            createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5))).toISOString(),
          }),
        );
      }
    });
  }
});
afterAll(async () => {
  await fileStore?.close();
  await pgStore?.close();
  await server?.stop();
  await fs.rm(fileHome, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

const CONDITIONS: Where[] = [
  {},
  { owner: "usr_a" },
  { folderId: null },
  { folderId: { $in: ["fld_1", "fld_3"] } },
  { status: { $ne: "failed" } },
  { status: { $nin: ["failed", "queued"] } },
  { "metadata.year": 2021 },
  { "metadata.year": { $gte: 2021 } },
  { "metadata.year": { $lt: 2021 } },
  { "metadata.year": { $gt: "2020" } },
  { "metadata.type": null },
  { "metadata.type": { $ne: null } },
  { "metadata.type": { $in: ["10-K", null] } },
  { "metadata.tags": "finance" },
  { "metadata.tags": { $ne: "finance" } },
  { "metadata.flag": true },
  { "metadata.flag": { $exists: true } },
  { "metadata.flag": { $exists: false } },
  { "metadata.nested.level": 2 },
  { "metadata.nested.level": { $gte: 1, $lt: 2 } },
  { "metadata.amount": { $gt: 0 } },
  { $or: [{ "metadata.type": "paper" }, { "metadata.year": 2019 }] },
  { $and: [{ owner: "usr_a" }, { $or: [{ "metadata.type": "10-K" }, { "metadata.type": "10-Q" }] }] },
  { id: { $in: [] } },
  { $or: [{ owner: "usr_b", id: { $in: ["doc_0", "doc_1"] } }, { folderId: "fld_1" }] },
];

const SORTS: FindOptions[] = [
  { sort: [["createdAt", -1]] },
  { sort: [["metadata.year", 1]] },
  { sort: [["metadata.year", -1], ["createdAt", 1]] },
  { sort: [["metadata.nested.level", -1]], limit: 3, offset: 1 },
  { sort: [["name", 1]], limit: 2 },
];

const AGGREGATIONS: Aggregation[] = [
  { groupBy: [], aggregates: { n: { op: "$count", field: null }, total: { op: "$sum", field: "metadata.amount" }, mean: { op: "$avg", field: "metadata.amount" } } },
  { groupBy: ["metadata.type"], aggregates: { n: { op: "$count", field: null }, top: { op: "$max", field: "metadata.year" }, low: { op: "$min", field: "metadata.amount" } } },
  { groupBy: ["owner", "metadata.year"], aggregates: { n: { op: "$count", field: null } } },
  { groupBy: ["status"], aggregates: { total: { op: "$sum", field: "metadata.missing" }, mean: { op: "$avg", field: "metadata.missing" } } },
];

const sortedRows = (rows: Array<{ keys: unknown[]; values: Record<string, unknown> }>) => [...rows].sort((a, b) => JSON.stringify(a.keys).localeCompare(JSON.stringify(b.keys)));

describe("queries as values: file store and PostgreSQL agree", () => {
  it.each(CONDITIONS.map((c) => [JSON.stringify(c), c] as const))("find and count %s", async (_name, where) => {
    const ids = async (store: Store) => (await store.read((tx) => tx.documents.find(where, { sort: [] , limit: 100 }))).map((d) => d.id);
    expect(await ids(pgStore)).toEqual(await ids(fileStore));
    expect(await pgStore.read((tx) => tx.documents.count(where))).toBe(await fileStore.read((tx) => tx.documents.count(where)));
  });

  it.each(SORTS.map((s) => [JSON.stringify(s), s] as const))("sorts and pages %s", async (_name, options) => {
    const page = async (store: Store) => {
      const { records, total } = await store.read((tx) => tx.documents.findPage({ owner: { $in: ["usr_a", "usr_b"] } }, options));
      return { ids: records.map((d) => d.id), total };
    };
    expect(await page(pgStore)).toEqual(await page(fileStore));
  });

  it.each(AGGREGATIONS.map((a) => [JSON.stringify(a.groupBy), a] as const))("aggregates by %s", async (_name, aggregation) => {
    const rows = async (store: Store) => sortedRows(await store.read((tx) => tx.documents.aggregate({}, aggregation)));
    expect(await rows(pgStore)).toEqual(await rows(fileStore));
  });

  it("aggregates nothing to no rows", async () => {
    const none = { groupBy: [], aggregates: { n: { op: "$count" as const, field: null } } };
    expect(await pgStore.read((tx) => tx.documents.aggregate({ owner: "nobody" }, none))).toEqual([]);
    expect(await fileStore.read((tx) => tx.documents.aggregate({ owner: "nobody" }, none))).toEqual([]);
  });
});
