// `npm run bundle`: an MCP Bundle (treeindex.mcpb) a desktop client installs with one click.
// Stages what the bundle runs (bin/, the compiled dist/, manifest.json, package files) with
// production dependencies only (from npm's cache when it has them), then packs the stage with
// the official mcpb CLI, which validates the manifest. Needs the build (npm install makes it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.resolve(process.argv[2] ?? path.join(root, "treeindex.mcpb"));
if (!fs.existsSync(path.join(root, "dist", ".build-stamp"))) throw new Error("No build: run npm run build first");
const stage = fs.mkdtempSync(path.join(os.tmpdir(), "treeindex-bundle-"));
try {
  for (const item of ["bin", "dist", "manifest.json", "package.json", "package-lock.json", "README.md"]) {
    fs.cpSync(path.join(root, item), path.join(stage, item), { recursive: true });
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["ci", "--omit=dev", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], { cwd: stage, stdio: ["ignore", "ignore", "inherit"] });
  // The one native module (better-sqlite3, the file store's library index) as this machine
  // built it: scripts are not run in the stage (no compiler needed), so the bundle is for
  // this platform and Node's ABI, like the embedded binaries it already carries.
  const sqliteBuild = path.join("node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
  fs.mkdirSync(path.dirname(path.join(stage, sqliteBuild)), { recursive: true });
  fs.copyFileSync(path.join(root, sqliteBuild), path.join(stage, sqliteBuild));
  const mcpb = path.join(root, "node_modules", "@anthropic-ai", "mcpb", "dist", "cli", "cli.js");
  execFileSync(process.execPath, [mcpb, "pack", stage, out], { stdio: ["ignore", "inherit", "inherit"] });
  process.stderr.write(`bundle: ${out}\n`);
} finally {
  fs.rmSync(stage, { recursive: true, force: true });
}
