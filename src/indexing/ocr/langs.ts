/**
 * Where tesseract's language data lives: the installed `@tesseract.js-data/<lang>` packages,
 * never a CDN (without a local langPath tesseract.js fetches from the network and, offline,
 * crashes the process). Only node builtins here: config.ts validates languages at startup.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const require = createRequire(import.meta.url);

/** The "best_int" models: LSTM-only, integer weights, accurate and the fastest of the sets. */
export const MODEL_FOLDER = "4.0.0_best_int";

/** `eng+deu` -> ["eng", "deu"]; each code is 3+ lowercase letters (tesseract names such as chi_sim). */
export function parseLangs(spec: string): string[] {
  const codes = spec.split("+").map((c) => c.trim()).filter(Boolean);
  if (!codes.length) throw new OcrSetupError(`No OCR language given in ${JSON.stringify(spec)}`);
  for (const c of codes) {
    if (!/^[a-z]{3}(_[a-z]+)?$/.test(c)) throw new OcrSetupError(`${JSON.stringify(c)} is not a tesseract language code (e.g. eng, deu, chi_sim)`);
  }
  return [...new Set(codes)];
}

export class OcrSetupError extends Error {
  override name = "OcrSetupError";
}

/** The folder holding `<lang>.traineddata.gz` for one language, checked to exist. */
export function langDataDir(lang: string): string {
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  } catch {
    throw new OcrSetupError(`OCR language data for "${lang}" is not installed: add the npm package @tesseract.js-data/${lang}`);
  }
  const dir = path.join(pkgDir, MODEL_FOLDER);
  checkTrainedData(dir, lang);
  return dir;
}

/** Files already found whole, so the check costs one decompression per file and process. */
const verified = new Set<string>();

/**
 * Throws a clear error unless `<dir>/<lang>.traineddata.gz` exists and decompresses: given a
 * missing or damaged file, tesseract.js throws from an event handler, which no caller can
 * catch (it kills the thread).
 */
export function checkTrainedData(dir: string, lang: string): void {
  const file = path.join(dir, `${lang}.traineddata.gz`);
  if (verified.has(file)) return;
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    throw new OcrSetupError(`OCR language data missing: ${file} does not exist (reinstall @tesseract.js-data/${lang})`);
  }
  if (data.length === 0) throw new OcrSetupError(`OCR language data is empty: ${file} (reinstall @tesseract.js-data/${lang})`);
  try {
    zlib.gunzipSync(data);
  } catch {
    throw new OcrSetupError(`OCR language data is damaged: ${file} is not a valid gzip file (reinstall @tesseract.js-data/${lang})`);
  }
  verified.add(file);
}

/**
 * tesseract.js takes one langPath for all languages, but each package has its own folder.
 * With one language that folder is used directly; with several, a folder of symlinks under
 * the OS temp dir gathers them (created once per process).
 */
export function langPathFor(langs: string[]): string {
  const dirs = langs.map((l) => langDataDir(l));
  if (langs.length === 1) return dirs[0];
  const joined = path.join(fs.realpathSync(os.tmpdir()), `treeindex-tessdata-${langs.join("+")}`);
  fs.mkdirSync(joined, { recursive: true });
  langs.forEach((lang, i) => {
    const link = path.join(joined, `${lang}.traineddata.gz`);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(dirs[i], `${lang}.traineddata.gz`), link);
  });
  return joined;
}
