/**
 * Blobs in an S3-compatible bucket beside the PostgreSQL catalogue, against a real S3 HTTP
 * API on loopback (s3rver, a stand-in as the fake OpenAI server is for models): the store
 * contract, and a server that indexes, serves and deletes a document with its objects.
 */
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { openStore } from "../../src/store/index.ts";
import { twoChapterPdf } from "../helpers/pdf.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { json, makeTempHome, startTestServer, uploadFile, waitForStatus } from "../helpers/server.ts";
import { storeContract } from "./store-contract.ts";

let postgres: TestPostgres;
let s3: S3rver;
let endpoint: string;
let s3Dir: string;
let scratch: string;
let buckets = 0;
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

beforeAll(async () => {
  postgres = await startTestPostgres();
  scratch = await makeTempHome("treeindex-s3-scratch-");
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-s3rver-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  await postgres?.stop();
  await fs.rm(s3Dir, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

const client = () => new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });

async function newBucket(): Promise<string> {
  const { CreateBucketCommand } = await import("@aws-sdk/client-s3");
  const bucket = `treeindex-${process.pid}-${++buckets}`;
  await client().send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

async function keysIn(bucket: string): Promise<string[]> {
  const page = await client().send(new ListObjectsV2Command({ Bucket: bucket }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

const handles = new Map<string, { url: string; bucket: string }>();

storeContract("PostgreSQL store with blobs in S3", {
  async create() {
    const handle = `h${handles.size}`;
    handles.set(handle, { url: await postgres.createDatabase(), bucket: await newBucket() });
    return handle;
  },
  open: (handle) => {
    const { url, bucket } = handles.get(handle)!;
    return openStore(scratch, { databaseUrl: url, s3: { bucket, endpoint, prefix: "ti/", ...CREDENTIALS } });
  },
  destroy: (handle) => postgres.dropDatabase(handles.get(handle)!.url),
});

describe("a server with blobs in S3", () => {
  it("stores the upload and its tree as objects, serves them, and deletes them with the document", async () => {
    const bucket = await newBucket();
    const server = await startTestServer({
      TREEINDEX_DATABASE_URL: await postgres.createDatabase(),
      TREEINDEX_S3_BUCKET: bucket,
      TREEINDEX_S3_ENDPOINT: endpoint,
      TREEINDEX_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      TREEINDEX_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    });
    try {
      const { doc_id } = await json(await uploadFile(server, "report.pdf", await twoChapterPdf()));
      const done = await waitForStatus(server, doc_id, { query: "?type=tree" });
      expect(done.status).toBe("completed");
      expect(done.result.map((n: { title: string }) => n.title)).toEqual(["1 Introduction", "2 Methods"]);
      expect(await keysIn(bucket)).toEqual([`${doc_id}/ocr.json`, `${doc_id}/original.pdf`, `${doc_id}/pages.json`, `${doc_id}/tree.json`]);
      expect((await server.api(`/doc/${doc_id}`, { method: "DELETE" })).status).toBe(200);
      expect(await keysIn(bucket)).toEqual([]);
    } finally {
      await server.services.close();
      await server.server.close();
    }
  });

  it("refuses a bucket without the database", () => {
    expect(() => loadConfig({}, { TREEINDEX_S3_BUCKET: "treeindex" })).toThrow(ConfigError);
    expect(() => loadConfig({}, { TREEINDEX_S3_BUCKET: "Bad_Bucket", TREEINDEX_DATABASE_URL: "postgres://x@y/z" })).toThrow(/S3 bucket name/);
  });
});
