/**
 * Local files are opened once and the opened file is verified: a link swapped in after the
 * path check is never followed, a growing file is never stored over the limit or torn, and
 * an outside path answers the same whether it exists or not.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ForbiddenPathError, LocalFileImporter } from "../../../src/core/documents/local-files.ts";
import { NotFoundError } from "../../../src/core/errors.ts";
import { startRacer } from "../../helpers/racer.ts";
import { makeTempHome } from "../../helpers/server.ts";

const ALLOWED = { allowed: true };
let base: string;
let root: string;
let outside: string;

beforeAll(async () => {
  base = await makeTempHome("treeindex-local-");
  root = path.join(base, "root");
  outside = path.join(base, "outside");
  await fs.mkdir(path.join(root, "dir"), { recursive: true });
  await fs.mkdir(path.join(outside, "dir"), { recursive: true });
  await fs.writeFile(path.join(root, "dir", "notes.md"), "# Inside\n\nallowed text\n");
  await fs.writeFile(path.join(outside, "dir", "notes.md"), "# Outside\n\nOUTSIDE SECRET\n");
  await fs.writeFile(path.join(outside, "secret.md"), "OUTSIDE SECRET\n");
});
afterAll(() => fs.rm(base, { recursive: true, force: true }));


describe("local files opened once", () => {
  it("400 reads racing a directory swapped for a symlink to outside never return outside text", async () => {
    const importer = new LocalFileImporter(undefined as never, [root], 1024 * 1024);
    const dir = JSON.stringify(path.join(root, "dir"));
    const parked = JSON.stringify(path.join(root, "parked"));
    const target = JSON.stringify(path.join(outside, "dir"));
    const child = await startRacer(`
      const fs = require("fs");
      for (;;) {
        try { fs.renameSync(${dir}, ${parked}); fs.symlinkSync(${target}, ${dir}); fs.unlinkSync(${dir}); fs.renameSync(${parked}, ${dir}); } catch {}
      }`);
    const outcomes = { inside: 0, refused: 0 };
    try {
      for (let i = 0; i < 400; i++) {
        try {
          const { bytes } = await importer.read(path.join(root, "dir", "notes.md"), ALLOWED);
          const text = Buffer.from(bytes).toString("utf8");
          expect(text).not.toMatch(/OUTSIDE/);
          expect(text).toMatch(/allowed text/);
          outcomes.inside++;
        } catch (error) {
          expect(error instanceof ForbiddenPathError || error instanceof NotFoundError).toBe(true);
          outcomes.refused++;
        }
      }
    } finally {
      await child.stop();
    }
    expect(outcomes.inside + outcomes.refused).toBe(400);
  });

  it("400 reads racing a file that grows past the limit: nothing over the limit, nothing torn", async () => {
    const limit = 1024 * 1024;
    const importer = new LocalFileImporter(undefined as never, [root], limit);
    const file = path.join(root, "growing.md");
    await fs.writeFile(file, "");
    // The writer appends numbered 16 KiB blocks up to 3 MiB, then starts over.
    const child = await startRacer(`
      const fs = require("fs");
      const block = (n) => Buffer.from(("block " + n + " ").padEnd(16384, "x"));
      for (;;) { fs.writeFileSync(${JSON.stringify(file)}, ""); for (let n = 0; n < 192; n++) fs.appendFileSync(${JSON.stringify(file)}, block(n)); }`);
    let stored = 0;
    try {
      for (let i = 0; i < 400; i++) {
        let bytes: Uint8Array;
        try {
          ({ bytes } = await importer.read(file, ALLOWED));
        } catch (error) {
          expect((error as Error).constructor.name).toMatch(/PayloadTooLargeError|ConflictError/);
          continue;
        }
        stored++;
        expect(bytes.length).toBeLessThanOrEqual(limit);
        // Whole blocks 0, 1, 2, ... in order: anything else is a torn read.
        expect(bytes.length % 16384).toBe(0);
        const text = Buffer.from(bytes).toString("latin1");
        for (let n = 0; n < bytes.length / 16384; n++) expect(text.slice(n * 16384, n * 16384 + 16)).toBe(`block ${n} `.padEnd(16, "x"));
      }
    } finally {
      await child.stop();
    }
    expect(stored).toBeGreaterThanOrEqual(0);
  });

  it("an outside path answers FORBIDDEN_PATH whether it exists or not, also through a dangling link", async () => {
    const importer = new LocalFileImporter(undefined as never, [root], 1024 * 1024);
    await fs.symlink(path.join(outside, "secret.md"), path.join(root, "to-existing.md"));
    await fs.symlink(path.join(outside, "missing.md"), path.join(root, "to-missing.md"));
    await expect(importer.read(path.join(root, "to-existing.md"), ALLOWED)).rejects.toBeInstanceOf(ForbiddenPathError);
    await expect(importer.read(path.join(root, "to-missing.md"), ALLOWED)).rejects.toBeInstanceOf(ForbiddenPathError);
    await expect(importer.read(path.join(outside, "secret.md"), ALLOWED)).rejects.toBeInstanceOf(ForbiddenPathError);
    await expect(importer.read(path.join(outside, "missing.md"), ALLOWED)).rejects.toBeInstanceOf(ForbiddenPathError);
    // A missing file inside the roots is simply not found.
    await expect(importer.read(path.join(root, "nothing-here.md"), ALLOWED)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a NUL byte in the path is invalid input; a user without local-file access is refused", async () => {
    const importer = new LocalFileImporter(undefined as never, [root], 1024 * 1024);
    await expect(importer.read(`${root}/dir/notes.md\u0000.pdf`, ALLOWED)).rejects.toThrow(/NUL/);
    await expect(importer.read(path.join(root, "dir", "notes.md"), { allowed: false })).rejects.toThrow(/TREEINDEX_LOCAL_FILE_USERS/);
  });
});
