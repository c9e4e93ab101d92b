/** Real services on a temp store with a document indexed by the real worker pool. */
import fs from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { uploadOptions } from "../../src/core/documents/schemas.ts";
import { createServices, type Services } from "../../src/core/services.ts";
import { createLogger } from "../../src/logger.ts";
import type { DocumentRecord, UserRecord } from "../../src/store/index.ts";
import { makeTempHome } from "./server.ts";
import { storeEnv } from "./test-store.ts";

export async function startServices(env: Record<string, string> = {}): Promise<{ services: Services; home: string; close(): Promise<void> }> {
  const home = await makeTempHome();
  const store = await storeEnv();
  const config = loadConfig({}, { TREEINDEX_HOME: home, TREEINDEX_WORKERS: "2", ...store.env, ...env });
  const services = await createServices(config, createLogger(process.env.TEST_LOG_LEVEL ?? "silent"));
  return {
    services,
    home,
    async close() {
      await services.close();
      await store.drop();
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}

/** Uploads a file through the document service and waits until indexing ends. */
export async function indexFile(services: Services, user: UserRecord, file: string | { name: string; bytes: Uint8Array }): Promise<DocumentRecord> {
  const { name, bytes } = typeof file === "string" ? { name: path.basename(file), bytes: new Uint8Array(await fs.readFile(file)) } : file;
  const { doc_id } = await services.documents.upload(user, { fileName: name, bytes, options: uploadOptions({}, "doc") });
  return waitForDocument(services, user, doc_id);
}

export async function waitForDocument(services: Services, user: UserRecord, docId: string, timeoutMs = 60_000): Promise<DocumentRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await services.documents.get(user, docId);
    if (doc.status === "completed" || doc.status === "failed") return doc;
    if (Date.now() > deadline) throw new Error(`Document ${docId} still ${doc.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
