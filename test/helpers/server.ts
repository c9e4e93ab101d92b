/**
 * Starts the real service in this process: a temp store, the worker pool, the HTTP server
 * on a free loopback port. Returns a fetch bound to the server with a valid key.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../../src/config.ts";
import { createServices, type ServiceOptions, type Services } from "../../src/core/services.ts";
import { createHttpApp } from "../../src/http/app.ts";
import { listen, type RunningServer } from "../../src/http/server.ts";
import { createLogger } from "../../src/logger.ts";
import { storeEnv } from "./test-store.ts";

export interface TestServer {
  url: string;
  key: string;
  home: string;
  /** Env that opens this server's state (home, and the database on the postgres project), for a second server or the CLI. */
  stateEnv: Record<string, string>;
  services: Services;
  server: RunningServer;
  /** fetch with the api_key header of the default test user. */
  api(pathname: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export async function makeTempHome(prefix = "treeindex-test-"): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestServer> {
  const home = env.TREEINDEX_HOME ?? (await makeTempHome());
  // A database named by the caller belongs to another test server (a second server on one state).
  const store = env.TREEINDEX_DATABASE_URL ? { env: {}, drop: async () => undefined } : await storeEnv();
  const config: Config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_PORT: "0", TREEINDEX_WORKERS: "2", ...store.env, ...env });
  const services = await createServices(config, createLogger(process.env.TEST_LOG_LEVEL ?? "silent"), options);
  const { key } = await services.users.createKey("alice");
  const server = await listen(createHttpApp(services), "127.0.0.1", 0);
  return {
    url: server.url,
    key,
    home,
    stateEnv: { TREEINDEX_HOME: home, ...(config.databaseUrl ? { TREEINDEX_DATABASE_URL: config.databaseUrl } : {}) },
    services,
    server,
    api(pathname, init = {}) {
      const headers = new Headers(init.headers);
      const useKey = init.key === undefined ? key : init.key;
      if (useKey !== null) headers.set("api_key", useKey);
      return fetch(server.url + pathname, { ...init, headers });
    },
    async close() {
      await server.close();
      await services.close();
      await store.drop();
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}

/** The JSON body of a response, typed loosely for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(res: Response): Promise<any> {
  return res.json();
}

/** POSTs a file as multipart (`file` plus form fields) to an upload path, with the test key. */
export function uploadFile(server: TestServer, name: string, bytes: Uint8Array | string, fields: Record<string, string> = {}, pathName = "/doc", key?: string | null): Promise<Response> {
  const data = new FormData();
  data.set("file", new Blob([bytes]), name);
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return server.api(pathName, { method: "POST", body: data, key });
}

/** Polls a document's status response until it is no longer `processing`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function waitForStatus(server: TestServer, docId: string, options: { path?: string; query?: string; timeoutMs?: number } = {}): Promise<any> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const body = await json(await server.api(`${options.path ?? "/doc"}/${docId}${options.query ?? ""}`));
    if (body.status !== "processing") return body;
    if (Date.now() > deadline) throw new Error(`document ${docId} still processing`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Visits tree nodes depth-first in pre-order, with each node's parent. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function walkNodes(nodes: any[], visit: (node: any, parent?: any) => void, parent?: any): void {
  for (const n of nodes) {
    visit(n, parent);
    walkNodes(n.nodes ?? [], visit, n);
  }
}
