/**
 * The official MCP Inspector's CLI lists our tools over stdio. Version 0.15.0 is the last
 * that runs on Node 20 (0.16+ need Node 22); it runs only when installed as a devDependency
 * (`@modelcontextprotocol/inspector@0.15.0`), so `npm test` in CI exercises it after `npm ci`.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { makeTempHome } from "../helpers/server.ts";

const require = createRequire(import.meta.url);

function inspectorCli(): string | undefined {
  try {
    const pkg = require.resolve("@modelcontextprotocol/inspector/package.json");
    return path.join(path.dirname(pkg), "cli/build/cli.js");
  } catch {
    return undefined;
  }
}

const cli = inspectorCli();

describe.skipIf(!cli)("MCP Inspector CLI against the stdio server", () => {
  it("lists every tool with schemas", async () => {
    const home = await makeTempHome();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [cli!, "--cli", process.execPath, path.resolve("bin/treeindex.js"), "mcp", "--method", "tools/list"], {
        env: { ...process.env, TREEINDEX_HOME: home, TREEINDEX_WORKERS: "1" },
        timeout: 60_000,
      });
      const { tools } = JSON.parse(stdout) as { tools: { name: string; outputSchema?: unknown }[] };
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["process_document", "get_document_structure", "get_page_content", "health"]));
      for (const tool of tools) expect(tool.outputSchema).toBeDefined();
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 90_000);
});
