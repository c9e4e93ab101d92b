/**
 * Chooses the folder watcher by measurement (issue #39): chokidar against @parcel/watcher on
 * a generated 10,000-file tree. Each candidate runs in a child process of its own, so its
 * memory is its own; the figures are
 * - initial scan: from start until the watcher is ready AND every file's size and mtime are
 *   known (chokidar stats every file itself; @parcel/watcher only subscribes, so a
 *   directory walk with stats is added, as the sync does it);
 * - RSS growth over the process before watching;
 * - idle CPU while nothing changes (share of one core);
 * - events missed in bursts: 2,000 files created as fast as possible, then 500 renamed and
 *   500 deleted; a path counts as seen when any event names it.
 *
 * Usage: nice -n 19 npx tsx tools/watcher-compare.ts [--files 10000] [--idle-s 20]
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** `none` is the baseline: the same process and directory walk without a watcher. */
type Candidate = "chokidar" | "parcel" | "none";

interface Figures {
  candidate: Candidate;
  scanMs: number;
  rssGrowthMb: number;
  idleCpuPercent: number;
  burstCreated: number;
  burstCreatesSeen: number;
  burstMoved: number;
  burstMovesSeen: number;
  burstDeleted: number;
  burstDeletesSeen: number;
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `count` small Markdown files, 100 per directory, two levels deep. */
export async function makeTree(root: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const dir = path.join(root, `group-${Math.floor(i / 1000)}`, `set-${Math.floor(i / 100) % 10}`);
    if (i % 100 === 0) await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, `note-${i}.md`), `# Note ${i}\n\nText of note ${i}.\n`);
  }
}

async function walk(dir: string, seen: Map<string, number>): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, seen);
    else if (entry.isFile()) seen.set(full, (await fs.stat(full)).size);
  }
}

/** The child: watches `root` with one candidate and reports its figures as JSON on stdout. */
async function measure(candidate: Candidate, root: string, idleS: number): Promise<Figures> {
  const seen = new Set<string>();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  let close: () => Promise<void>;
  if (candidate === "chokidar") {
    const { watch } = await import("chokidar");
    const watcher = watch(root, { ignoreInitial: true, alwaysStat: true });
    watcher.on("all", (_event, file) => seen.add(file));
    await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
    close = () => watcher.close();
  } else if (candidate === "none") {
    await walk(root, new Map());
    close = async () => {};
  } else {
    const watcher = await import("@parcel/watcher");
    const subscription = await watcher.subscribe(root, (error, events) => {
      if (!error) for (const event of events) seen.add(event.path);
    });
    await walk(root, new Map());
    close = () => subscription.unsubscribe();
  }
  const scanMs = performance.now() - t0;
  await sleep(2000);
  globalThis.gc?.();
  const rssGrowthMb = (process.memoryUsage().rss - before) / 1024 / 1024;

  const cpu = process.cpuUsage();
  const idleStart = performance.now();
  await sleep(idleS * 1000);
  const used = process.cpuUsage(cpu);
  const idleCpuPercent = ((used.user + used.system) / 1000 / (performance.now() - idleStart)) * 100;

  const burstDir = path.join(root, "burst");
  await fs.mkdir(burstDir);
  await sleep(500);
  const created: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const file = path.join(burstDir, `burst-${i}.md`);
    await fs.writeFile(file, `# Burst ${i}\n`);
    created.push(file);
  }
  await sleep(3000);
  const burstCreatesSeen = created.filter((f) => seen.has(f)).length;
  seen.clear();
  const moved: string[] = [];
  for (let i = 0; i < 500; i++) {
    const to = path.join(burstDir, `moved-${i}.md`);
    await fs.rename(created[i], to);
    moved.push(to);
  }
  const deleted = created.slice(500, 1000);
  for (const file of deleted) await fs.rm(file);
  await sleep(3000);
  const figures: Figures = {
    candidate,
    scanMs: Math.round(scanMs),
    rssGrowthMb: Math.round(rssGrowthMb * 10) / 10,
    idleCpuPercent: Math.round(idleCpuPercent * 100) / 100,
    burstCreated: created.length,
    burstCreatesSeen,
    burstMoved: moved.length,
    burstMovesSeen: moved.filter((f) => seen.has(f)).length,
    burstDeleted: deleted.length,
    burstDeletesSeen: deleted.filter((f) => seen.has(f)).length,
  };
  await close();
  return figures;
}

async function runChild(candidate: Candidate, files: number, idleS: number): Promise<Figures> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), `treeindex-watchers-${candidate}-`));
  try {
    await makeTree(root, files);
    const child = spawn(process.execPath, [...process.execArgv, "--expose-gc", fileURLToPath(import.meta.url), "--child", candidate, root, String(idleS)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    if (code !== 0) throw new Error(`${candidate} measurement exited with ${code}`);
    return JSON.parse(out) as Figures;
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf("--child");
if (childAt > 0) {
  const [candidate, root, idleS] = process.argv.slice(childAt + 1);
  process.stdout.write(JSON.stringify(await measure(candidate as Candidate, root, Number(idleS))));
  process.exit(0);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = argument("files", 10_000);
  const idleS = argument("idle-s", 20);
  const rows: Figures[] = [];
  for (const candidate of ["none", "chokidar", "parcel"] as const) {
    process.stderr.write(`measuring ${candidate} on ${files} files...\n`);
    rows.push(await runChild(candidate, files, idleS));
  }
  process.stdout.write("| watcher | initial scan | RSS growth | idle CPU | creates seen | renames seen | deletes seen |\n|---|---|---|---|---|---|---|\n");
  for (const r of rows) {
    process.stdout.write(`| ${r.candidate} | ${r.scanMs} ms | ${r.rssGrowthMb} MB | ${r.idleCpuPercent} % | ${r.burstCreatesSeen}/${r.burstCreated} | ${r.burstMovesSeen}/${r.burstMoved} | ${r.burstDeletesSeen}/${r.burstDeleted} |\n`);
  }
}
