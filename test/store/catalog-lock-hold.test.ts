// A catalogue lock held for longer than its refresh interval (a large catalogue's save, a
// slow disk) stays ours: no "compromised" report, nothing taken over, released cleanly.
// It failed when the owner record written into the lock directory changed the directory's
// mtime, which proper-lockfile read as another process's at its next refresh (2 s).
import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { CatalogLock } from "../../src/store/catalog-lock.ts";
import { makeTempHome } from "../helpers/server.ts";

it("holds the catalogue lock for 5 s without reporting it compromised", async () => {
  const home = await makeTempHome("treeindex-lock-hold-");
  const file = path.join(home, "catalog.json");
  await fs.writeFile(file, "{}");
  const warnings: string[] = [];
  const lock = new CatalogLock(file, (m) => warnings.push(m));
  const release = await lock.acquire();
  await new Promise((r) => setTimeout(r, 5_000));
  await release();
  expect(warnings).toEqual([]);
  await expect(fs.stat(`${file}.lock`)).rejects.toMatchObject({ code: "ENOENT" });
  const again = await new CatalogLock(file, (m) => warnings.push(m)).acquire();
  await again();
  expect(warnings).toEqual([]);
  await fs.rm(home, { recursive: true, force: true });
}, 20_000);
