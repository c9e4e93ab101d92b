/**
 * The official MCP Inspector's CLI lists our tools over stdio. Version 0.15.0 is the last
 * that runs on Node 20 (0.16+ need Node 22); it is a pinned devDependency, so `npm test` in CI
 * runs it after `npm ci` (and fails, rather than skips, if it is missing).
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

describe("MCP Inspector CLI against the stdio server", () => {
  it("lists every tool with schemas", async () => {
    expect(cli, "@modelcontextprotocol/inspector@0.15.0 is a devDependency").toBeDefined();
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
