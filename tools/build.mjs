// `npm run build` (also npm's `prepare`, so `npm install` / `npm ci` build it): compiles src/
// to dist/ with tsc, copies the files tsc does not emit (data, .mjs), and stamps the build, so
// bin/treeindex.js runs compiled JavaScript instead of transpiling TypeScript at every start.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(root, "src");
const dist = path.join(root, "dist");
fs.rmSync(dist, { recursive: true, force: true });
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
  // Data, and the plain-JavaScript modules (worker entry, pdfjs loader) that run as they are.
  if (!entry.isFile() || !/\.(json|mjs|sql)$/.test(entry.name)) continue;
  const from = path.join(entry.parentPath ?? entry.path, entry.name);
  const to = path.join(dist, path.relative(src, from));
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}
fs.writeFileSync(path.join(dist, ".build-stamp"), new Date().toISOString());
