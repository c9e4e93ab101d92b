// Bad OCR setups end in clear errors, never in a hang or a crashed process.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { closeEngine, recognise } from "../../src/indexing/ocr/engine.ts";
import { OcrSetupError, langDataDir, parseLangs } from "../../src/indexing/ocr/langs.ts";

describe("OCR language data", () => {
  it("finds eng's best_int traineddata in the installed package", () => {
    const dir = langDataDir("eng");
    expect(dir.endsWith(path.join("@tesseract.js-data", "eng", "4.0.0_best_int"))).toBe(true);
  });

  it("names the missing package for a language that is not installed", () => {
    expect(() => langDataDir("deu")).toThrow(OcrSetupError);
    expect(() => langDataDir("deu")).toThrow(/@tesseract\.js-data\/deu/);
  });

  it("parses eng+deu and refuses malformed codes", () => {
    expect(parseLangs("eng+deu")).toEqual(["eng", "deu"]);
    expect(() => parseLangs("eng+../x")).toThrow(/not a tesseract language code/);
    expect(() => parseLangs("+")).toThrow(/No OCR language/);
  });

  it("TREEINDEX_OCR_LANGS with an uninstalled language stops startup with a clear message", () => {
    expect(() => loadConfig({}, { TREEINDEX_OCR_LANGS: "eng+deu" })).toThrow(ConfigError);
    expect(() => loadConfig({}, { TREEINDEX_OCR_LANGS: "eng+deu" })).toThrow(/TREEINDEX_OCR_LANGS="eng\+deu".*@tesseract\.js-data\/deu/);
    expect(loadConfig({}, {}).ocr).toEqual({ langs: ["eng"], dpi: 300 });
  });

  it("recognising with traineddata missing fails at once with a clear error", async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), "treeindex-notessdata-"));
    try {
      const started = Date.now();
      await expect(recognise(Buffer.from("not an image"), { langs: ["eng"], langPath: empty })).rejects.toThrow(/OCR language data missing: .*eng\.traineddata\.gz/);
      expect(Date.now() - started).toBeLessThan(5_000);
      // An empty file is refused too (a truncated download would otherwise crash tesseract).
      await fs.writeFile(path.join(empty, "eng.traineddata.gz"), "");
      await expect(recognise(Buffer.from("x"), { langs: ["eng"], langPath: empty })).rejects.toThrow(/empty/);
      // So is a damaged one: tesseract.js would throw from an event handler and kill the thread.
      await fs.writeFile(path.join(empty, "eng.traineddata.gz"), Buffer.from("\x1f\x8b this is not gzip data at all", "latin1"));
      await expect(recognise(Buffer.from("x"), { langs: ["eng"], langPath: empty })).rejects.toThrow(/damaged/);
    } finally {
      await closeEngine();
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});
