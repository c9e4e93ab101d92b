/**
 * Named points inside multi-step actions where the crash tests kill the process
 * (TREEINDEX_CRASH_AT=<point>[:<n>], e.g. `folder-delete:files:20` = after the 20th
 * document's files are removed). Unset — always, outside those tests — it does nothing.
 * Timing alone could not hit the moment between two steps reliably.
 */
export function crashPoint(point: string, count?: number): void {
  const wanted = process.env.TREEINDEX_CRASH_AT;
  if (!wanted) return;
  if (wanted === point || (count !== undefined && wanted === `${point}:${count}`)) process.kill(process.pid, "SIGKILL");
}
