import fs from "node:fs/promises";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterEach, describe, expect, it } from "vitest";
import { sleepKind } from "../fixtures/jobs/sleep-kind.ts";
import { json, startTestServer, type TestServer } from "../helpers/server.ts";
import pg from "pg";
import { onPostgres } from "../helpers/test-store.ts";

async function dropTable(url: string, table: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP TABLE ${table}`);
  await client.end();
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("HTTP skeleton", () => {
  it("answers /health without a key, with version, uptime and queue depth", async () => {
    server = await startTestServer();
    const res = await server.api("/health", { key: null });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ status: "ok", version: "0.1.0", queue: { queued: 0, processing: 0 }, store: onPostgres ? "postgres" : "file" });
    expect(typeof body.uptime_s).toBe("number");
  });

  it("answers 401 {detail} for a missing key and for an unknown key", async () => {
    server = await startTestServer();
    for (const key of [null, "ti_000000000000_notARealKeyAtAllxxxxxxxxxxxx", "garbage"]) {
      const res = await server.api("/openapi.json", { key });
      expect(res.status).toBe(401);
      const body = await json(res);
      expect(typeof body.detail).toBe("string");
    }
  });

  it("serves /openapi.json with a key, version 0.1.0, generated from the routes", async () => {
    server = await startTestServer();
    const res = await server.api("/openapi.json");
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("0.1.0");
    expect(doc.paths["/health"].get.responses["200"].content["application/json"].schema.properties.queue).toBeDefined();
    expect(doc.components.securitySchemes.api_key).toEqual({ type: "apiKey", in: "header", name: "api_key" });
  });

  it("serves an OpenAPI document that validates, with an operationId on every operation and tree schemas under components", async () => {
    server = await startTestServer();
    const doc = await json(await server.api("/openapi.json"));
    // Validates against the OpenAPI 3.1 schema and resolves every $ref from the document root.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((byMethod) => Object.values(byMethod));
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.every((op) => typeof op.operationId === "string" && /^[a-z][A-Za-z0-9]+$/.test(op.operationId))).toBe(true);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    expect(doc.paths["/doc/{doc_id}/metadata"].get.operationId).toBe("getDocDocIdMetadata");
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"#/$defs/');
    expect(text).not.toContain('"$ref":"#"');
    // The recursive node of a status response is a component, referenced from the root.
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(0);
  });

  it("accepts paths with and without a trailing slash", async () => {
    server = await startTestServer();
    expect((await server.api("/openapi.json/")).status).toBe(200);
    expect((await server.api("/health/", { key: null })).status).toBe(200);
  });

  it("answers 404 {detail} for unknown paths", async () => {
    server = await startTestServer();
    const res = await server.api("/no/such/route");
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ detail: "Not Found" });
  });

  it("answers 413 {detail} when a body passes the upload limit", async () => {
    server = await startTestServer({ TREEINDEX_MAX_UPLOAD_MB: "1" });
    const res = await server.api("/doc", { method: "POST", body: new Uint8Array(2 * 1024 * 1024), headers: { "content-type": "application/octet-stream" } });
    expect(res.status).toBe(413);
    expect((await json(res)).detail).toMatch(/upload limit of 1 MB/);
  });

  it("answers 500 {detail} without a stack trace when the store is unreadable", async () => {
    server = await startTestServer();
    if (server.services.store.kind === "file") await fs.writeFile(path.join(server.home, "catalog.json"), "{ not json");
    else await dropTable(server.stateEnv.TREEINDEX_DATABASE_URL, "api_keys");
    const res = await server.api("/openapi.json");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ detail: "Internal server error" });
    expect(text).not.toMatch(/at .*\.ts|SyntaxError/);
  });

  it("keeps answering /health within 100 ms while slow jobs busy both worker threads", async () => {
    server = await startTestServer({}, { extraJobKinds: [sleepKind()] });
    await server.services.runner.enqueue("sleep", { ms: 4_000 });
    await server.services.runner.enqueue("sleep", { ms: 4_000 });
    // Wait until both jobs are really running in workers.
    for (let i = 0; i < 200; i++) {
      const health = await json(await server.api("/health"));
      if (health.queue.processing === 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 300)); // the workers are spinning by now
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      const res = await server.api("/health");
      expect(res.status).toBe(200);
      expect((await json(res)).queue.processing).toBe(2);
      timings.push(performance.now() - t);
    }
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length / 2)]).toBeLessThan(100);
  });
});
