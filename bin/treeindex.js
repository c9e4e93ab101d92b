#!/usr/bin/env node
// The `treeindex` binary. It runs the compiled build (dist/, made by `npm run build`, which
// npm runs on install) when that is at least as new as every source file; otherwise (a
// checkout being edited, or no build) the TypeScript sources through tsx, as in development.
// Compiled, a start skips transpiling (seconds on a slow machine, for every stdio MCP spawn).
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stamp = `${root}dist/.build-stamp`;

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsFresh() {
  try {
    const built = fs.statSync(stamp).mtimeMs;
    // A published package has no src/: its build is all there is.
    return !fs.existsSync(`${root}src`) || built >= newestSource(`${root}src`);
  } catch {
    return false;
  }
}

if (process.env.TREEINDEX_FROM_SOURCE !== "1" && buildIsFresh()) {
  await import("../dist/cli.js");
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli.ts");
}
