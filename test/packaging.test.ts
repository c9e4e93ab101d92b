// One-step install: the package as npm would publish it (`npm pack`), run with `npx` the way
// a desktop client's config would (`npx treeindex mcp`), answers an MCP initialize over stdio.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { makeTempHome } from "./helpers/server.ts";

const exec = promisify(execFile);
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const NPX = process.platform === "win32" ? "npx.cmd" : "npx";

/** Starts an MCP server over stdio, sends `initialize`, and answers the server's name from its reply. */
async function serverNameOverStdio(command: string, args: string[], options: { cwd?: string; env: Record<string, string> }, timeoutMs: number): Promise<string | undefined> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["pipe", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "packaging-test", version: "1" } } })}\n`);
  const deadline = Date.now() + timeoutMs;
  while (!out.includes('"id":1') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
  // Wait for it to be gone: a server shutting down still writes to its home (locks, temp
  // files), and removing the home under it fails with ENOTEMPTY (seen once in CI).
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));
  child.kill();
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  return (JSON.parse(out.split("\n")[0]) as { result?: { serverInfo?: { name?: string } } }).result?.serverInfo?.name;
}

describe("the packed package", () => {
  it("npm pack holds the compiled build, and npx runs its stdio MCP server", async () => {
    // npm install built dist/ (prepare); packing with --ignore-scripts does not rebuild it
    // under the feet of other tests that run bin/treeindex.js meanwhile.
    expect(existsSync("dist/.build-stamp"), "run npm run build (npm install does it)").toBe(true);
    const dir = await makeTempHome("treeindex-pack-");
    try {
      const { stdout } = await exec(NPM, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { maxBuffer: 1 << 24 });
      const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
      const files = packed.files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining(["bin/treeindex.js", "dist/cli.js", "dist/jobs/worker-entry.mjs", "dist/indexing/pdf/load-pdfjs.mjs", "dist/core/retrieval/data/finance-concepts.json", "README.md"]));
      expect(files.some((f) => f.startsWith("src/") || f.startsWith("test/"))).toBe(false);

      const tarball = path.join(dir, packed.filename);
      const env = { TREEINDEX_HOME: path.join(dir, "home"), npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? dir, ".npm") };
      // npx installs the package's dependencies first: 150 s on a quiet 2-core machine, over
      // 240 s beside a corpus build (a clean-clone run timed out there).
      const name = await serverNameOverStdio(NPX, ["--yes", "--prefer-offline", `--package=${tarball}`, "treeindex", "mcp"], { cwd: dir, env }, 420_000);
      expect(name).toBe("treeindex");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 480_000);

  it("npm run bundle makes an MCP Bundle the mcpb CLI validates, whose server starts from the unpacked bundle", async () => {
    expect(existsSync("dist/.build-stamp"), "run npm run build (npm install does it)").toBe(true);
    const dir = await makeTempHome("treeindex-mcpb-");
    const MCPB = path.resolve("node_modules/@anthropic-ai/mcpb/dist/cli/cli.js");
    try {
      const bundle = path.join(dir, "treeindex.mcpb");
      await exec(process.execPath, ["tools/bundle.mjs", bundle], { maxBuffer: 1 << 26 });
      const unpacked = path.join(dir, "unpacked");
      await exec(process.execPath, [MCPB, "unpack", bundle, unpacked], { maxBuffer: 1 << 26 });
      const validated = await exec(process.execPath, [MCPB, "validate", path.join(unpacked, "manifest.json")]);
      expect(validated.stdout).toMatch(/validation passes/);
      for (const f of ["bin/treeindex.js", "dist/cli.js", "node_modules/pdfjs-dist/package.json", "node_modules/@tesseract.js-data/eng/package.json"]) expect(existsSync(path.join(unpacked, f)), f).toBe(true);
      expect(existsSync(path.join(unpacked, "node_modules/vitest")), "no dev dependencies").toBe(false);
      const manifest = JSON.parse(await fs.readFile(path.join(unpacked, "manifest.json"), "utf8"));
      expect(manifest.server.mcp_config.args).toEqual(["${__dirname}/bin/treeindex.js", "mcp", "--tools", "read"]);
      expect(Object.keys(manifest.user_config)).toEqual(expect.arrayContaining(["documents", "store", "model", "model_base_url"]));
      // The bundle's own server answers initialize.
      const name = await serverNameOverStdio(process.execPath, [path.join(unpacked, "bin/treeindex.js"), "mcp", "--tools", "read"], { env: { TREEINDEX_HOME: path.join(dir, "home") } }, 60_000);
      expect(name).toBe("treeindex");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
