/**
 * Environment -> validated configuration. The only module that reads `process.env`.
 * Invalid values stop the process with a one-line message naming the variable.
 */
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultHome, INSTALL_ROOT } from "./default-home.ts";
import { expandHome } from "./expand-home.ts";
import { langDataDir, parseLangs } from "./indexing/ocr/langs.ts";
import type { S3Settings } from "./store/index.ts";

const portSchema = z.coerce.number({ error: "must be a port number 0-65535" }).int("must be a port number 0-65535").min(0, "must be a port number 0-65535").max(65535, "must be a port number 0-65535");

const envSchema = z.object({
  // Unset: one default store per user, whatever the working directory (see default-home.ts).
  TREEINDEX_HOME: z.string().min(1).optional(),
  // Set: the whole state (catalogue, blobs, job queue) lives in this PostgreSQL database and
  // several servers may share it; TREEINDEX_HOME then only holds this server's scratch files.
  TREEINDEX_DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres://user:password@host:port/database URL").optional(),
  // With the database: blobs (original files, trees, pages) in an S3-compatible bucket.
  TREEINDEX_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)").optional(),
  TREEINDEX_S3_PREFIX: z.string().max(200).regex(/^[^\\\0]*$/, "must not contain backslashes or NUL").optional(),
  TREEINDEX_S3_REGION: z.string().min(1).default("us-east-1"),
  TREEINDEX_S3_ENDPOINT: z.url({ error: "must be the http(s) URL of an S3-compatible service" }).optional(),
  TREEINDEX_S3_ACCESS_KEY_ID: z.string().optional(),
  TREEINDEX_S3_SECRET_ACCESS_KEY: z.string().optional(),
  TREEINDEX_HOST: z.string().min(1).default("127.0.0.1"),
  TREEINDEX_PORT: portSchema.default(8765),
  TREEINDEX_API_KEY: z.string().optional(),
  TREEINDEX_WORKERS: z.coerce.number({ error: "must be a whole number 1-64" }).int("must be a whole number 1-64").min(1, "must be a whole number 1-64").max(64, "must be a whole number 1-64").default(Math.max(1, os.availableParallelism())),
  TREEINDEX_MAX_UPLOAD_MB: z.coerce.number({ error: "must be a number of megabytes" }).positive("must be above 0").max(10_240, "must be at most 10240").default(200),
  TREEINDEX_MAX_PAGES: z.coerce.number({ error: "must be a whole number of pages" }).int("must be a whole number of pages").min(1, "must be at least 1").default(5000),
  TREEINDEX_JOB_MEMORY_MB: z.coerce.number({ error: "must be a whole number of megabytes 256-65536" }).int("must be a whole number of megabytes 256-65536").min(256, "must be at least 256").max(65_536, "must be at most 65536").default(1024),
  TREEINDEX_JOB_TIMEOUT_S: z.coerce.number({ error: "must be a number of seconds" }).positive("must be above 0").default(1800),
  TREEINDEX_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // OCR: tesseract languages joined by "+" (each needs its @tesseract.js-data/<lang> package),
  // the rendering resolution, and the secret and lifetime of signed image URLs.
  TREEINDEX_OCR_LANGS: z.string().default("eng"),
  TREEINDEX_OCR_DPI: z.coerce.number({ error: "must be a whole number 72-600" }).int("must be a whole number 72-600").min(72, "must be a whole number 72-600").max(600, "must be a whole number 72-600").default(300),
  TREEINDEX_URL_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  TREEINDEX_FILE_URL_TTL_S: z.coerce.number({ error: "must be a number of seconds" }).int("must be a whole number of seconds").min(1, "must be at least 1").max(7 * 24 * 3600, "must be at most 604800 (7 days)").default(3600),
  // MCP: local files the process_document tool may read (path-list, ":" separated), and an
  // optional upstream MCP server that /mcp forwards to instead of serving ours.
  TREEINDEX_ALLOWED_ROOTS: z.string().optional(),
  // Folders `serve` and `mcp` keep indexed (path-list, ":" separated; issue #39).
  TREEINDEX_WATCH: z.string().optional(),
  // MCP over HTTP: open sessions per API key and in all (the least recently active idle one is
  // evicted for a new one), idle lifetime; users whose /mcp sessions may read local files.
  TREEINDEX_MCP_MAX_SESSIONS: z.coerce.number({ error: "must be a whole number 1-100000" }).int("must be a whole number 1-100000").min(1, "must be at least 1").max(100_000, "must be at most 100000").default(1000),
  TREEINDEX_MCP_MAX_SESSIONS_PER_KEY: z.coerce.number({ error: "must be a whole number 1-100000" }).int("must be a whole number 1-100000").min(1, "must be at least 1").max(100_000, "must be at most 100000").default(100),
  TREEINDEX_MCP_SESSION_IDLE_S: z.coerce.number({ error: "must be a number of seconds" }).positive("must be above 0").default(1800),
  TREEINDEX_LOCAL_FILE_USERS: z.string().default("local"),
  TREEINDEX_MCP_UPSTREAM: z.url({ error: "must be an http(s) URL of an MCP endpoint" }).optional(),
  // The tools `treeindex mcp` offers: all, or read (reading tools plus process_document and sync_folder).
  TREEINDEX_MCP_TOOLS: z.enum(["all", "read"], { error: "must be all or read" }).default("all"),
  // The optional model (src/llm): an OpenAI-compatible server is used when TREEINDEX_MODEL is set.
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url({ error: "must be a URL such as http://localhost:11434/v1" }).optional(),
  TREEINDEX_MODEL: z.string().max(200).optional(),
  TREEINDEX_LLM_TIMEOUT_S: z.coerce.number({ error: "must be a number of seconds" }).positive("must be above 0").default(60),
  TREEINDEX_LLM_CONCURRENCY: z.coerce.number({ error: "must be a whole number 1-64" }).int("must be a whole number 1-64").min(1, "must be a whole number 1-64").max(64, "must be a whole number 1-64").default(4),
  TREEINDEX_LLM_RETRIES: z.coerce.number({ error: "must be a whole number 0-10" }).int("must be a whole number 0-10").min(0, "must be a whole number 0-10").max(10, "must be a whole number 0-10").default(3),
});

export interface Config {
  home: string;
  /** Why this home: named by --home or TREEINDEX_HOME, else the checkout's storage/ or the per-user data directory. */
  homeSource: HomeSource;
  /** PostgreSQL connection URL; undefined = the embedded file store in `home`. */
  databaseUrl?: string;
  /** S3-compatible bucket for blobs (only with `databaseUrl`). */
  s3?: S3Settings;
  host: string;
  port: number;
  apiKey?: string;
  workers: number;
  maxUploadBytes: number;
  /** PDFs with more pages are refused (the job fails with a clear message). */
  maxPages: number;
  /** Wall-clock limit of one indexing job. */
  jobTimeoutMs: number;
  /**
   * Per-job memory ceiling: the V8 heap limit of each worker thread, and a quarter of it
   * is the most any one compressed PDF stream may inflate to (checked before parsing).
   */
  jobMemoryMb: number;
  logLevel: z.infer<typeof envSchema>["TREEINDEX_LOG_LEVEL"];
  /** OCR languages (checked at startup: their traineddata is installed) and resolution. */
  ocr: { langs: string[]; dpi: number };
  /** HMAC secret of signed file URLs (random per process when TREEINDEX_URL_SECRET is unset) and their lifetime. */
  fileUrls: { secret?: string; ttlMs: number };
  /** Absolute directories under which MCP tools may read local files; empty = none. */
  allowedRoots: string[];
  /** Directories `serve` and `mcp` keep indexed (TREEINDEX_WATCH); empty = none. */
  watchPaths: string[];
  /** When set, /mcp forwards to this MCP server. */
  mcpUpstream?: string;
  /** Tools of the stdio MCP server: `all`, or `read` (reading tools plus process_document and sync_folder). */
  mcpTools: "all" | "read";
  /** /mcp session bounds (see src/mcp/http.ts). */
  mcpSessions: { perKey: number; total: number; idleMs: number };
  /**
   * Users who may index local files through MCP over HTTP (stdio always acts as the local
   * user, who may). Everyone else gets FORBIDDEN_PATH for local paths.
   */
  localFileUsers: string[];
  /** The optional model; `provider: "none"` when TREEINDEX_MODEL is unset. */
  llm: LlmConfig;
}

export interface LlmConfig {
  provider: "none" | "openai-compatible";
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  concurrency: number;
  maxRetries: number;
}

/** CLI flags that override the environment. */
export interface ConfigOverrides {
  home?: string;
  host?: string;
  port?: string | number;
  tools?: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

export type HomeSource = "--home" | "TREEINDEX_HOME" | "checkout" | "user-data";

/** Words for each source, for `--help` and start-up logs. */
export const HOME_SOURCE_TEXT: Record<HomeSource, string> = {
  "--home": "from --home",
  TREEINDEX_HOME: "from TREEINDEX_HOME",
  checkout: "this checkout's storage/ folder",
  "user-data": "the per-user data directory",
};

/** The user's home directory, from the given environment when it says (tests pass their own). */
function homedirOf(env: Env): string {
  return (process.platform === "win32" ? env.USERPROFILE : env.HOME) || os.homedir();
}

/**
 * The store directory: --home, else TREEINDEX_HOME, else the default (default-home.ts). A
 * leading `~` is the user's home (a desktop client's JSON config has no shell to expand it).
 */
export function resolveHome(overrides: Pick<ConfigOverrides, "home"> = {}, env: Env = process.env): { home: string; source: HomeSource } {
  const homedir = homedirOf(env);
  if (overrides.home) return { home: path.resolve(expandHome(overrides.home, homedir)), source: "--home" };
  if (env.TREEINDEX_HOME) return { home: path.resolve(expandHome(env.TREEINDEX_HOME, homedir)), source: "TREEINDEX_HOME" };
  return defaultHome({ installRoot: INSTALL_ROOT, platform: process.platform, env, homedir });
}

export function loadConfig(overrides: ConfigOverrides = {}, env: Env = process.env): Config {
  // Empty strings count as unset, so `TREEINDEX_API_KEY= npm start` behaves like no key.
  const raw: Env = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== "") raw[key] = value;
  }
  if (overrides.home !== undefined) raw.TREEINDEX_HOME = overrides.home;
  if (overrides.host !== undefined) raw.TREEINDEX_HOST = overrides.host;
  if (overrides.port !== undefined) raw.TREEINDEX_PORT = String(overrides.port);
  if (overrides.tools !== undefined) raw.TREEINDEX_MCP_TOOLS = overrides.tools;

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? "environment");
    // A database URL may carry a password: never echo it.
    const shown = variable === "TREEINDEX_DATABASE_URL" ? "" : `=${JSON.stringify(raw[variable] ?? "")}`;
    throw new ConfigError(`Invalid ${variable}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  const { home, source: homeSource } = resolveHome(overrides, env);
  if (e.TREEINDEX_S3_BUCKET && !e.TREEINDEX_DATABASE_URL) {
    throw new ConfigError("TREEINDEX_S3_BUCKET needs TREEINDEX_DATABASE_URL: blobs go to a bucket only beside the PostgreSQL catalogue");
  }
  return {
    home,
    homeSource,
    databaseUrl: e.TREEINDEX_DATABASE_URL,
    s3: e.TREEINDEX_S3_BUCKET
      ? { bucket: e.TREEINDEX_S3_BUCKET, prefix: e.TREEINDEX_S3_PREFIX, region: e.TREEINDEX_S3_REGION, endpoint: e.TREEINDEX_S3_ENDPOINT, accessKeyId: e.TREEINDEX_S3_ACCESS_KEY_ID, secretAccessKey: e.TREEINDEX_S3_SECRET_ACCESS_KEY }
      : undefined,
    host: e.TREEINDEX_HOST,
    port: e.TREEINDEX_PORT,
    apiKey: e.TREEINDEX_API_KEY,
    workers: e.TREEINDEX_WORKERS,
    maxUploadBytes: Math.round(e.TREEINDEX_MAX_UPLOAD_MB * 1024 * 1024),
    maxPages: e.TREEINDEX_MAX_PAGES,
    jobTimeoutMs: Math.round(e.TREEINDEX_JOB_TIMEOUT_S * 1000),
    jobMemoryMb: e.TREEINDEX_JOB_MEMORY_MB,
    logLevel: e.TREEINDEX_LOG_LEVEL,
    ocr: { langs: ocrLangs(e.TREEINDEX_OCR_LANGS), dpi: e.TREEINDEX_OCR_DPI },
    fileUrls: { secret: e.TREEINDEX_URL_SECRET, ttlMs: e.TREEINDEX_FILE_URL_TTL_S * 1000 },
    allowedRoots: (e.TREEINDEX_ALLOWED_ROOTS ?? "").split(path.delimiter).filter((r) => r.trim() !== "").map((r) => path.resolve(expandHome(r.trim(), homedirOf(env)))),
    watchPaths: (e.TREEINDEX_WATCH ?? "").split(path.delimiter).filter((r) => r.trim() !== "").map((r) => path.resolve(expandHome(r.trim(), homedirOf(env)))),
    mcpUpstream: e.TREEINDEX_MCP_UPSTREAM,
    mcpTools: e.TREEINDEX_MCP_TOOLS,
    mcpSessions: { perKey: e.TREEINDEX_MCP_MAX_SESSIONS_PER_KEY, total: e.TREEINDEX_MCP_MAX_SESSIONS, idleMs: Math.round(e.TREEINDEX_MCP_SESSION_IDLE_S * 1000) },
    localFileUsers: e.TREEINDEX_LOCAL_FILE_USERS.split(",").map((u) => u.trim()).filter(Boolean),
    llm: {
      provider: e.TREEINDEX_MODEL ? "openai-compatible" : "none",
      model: e.TREEINDEX_MODEL,
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      timeoutMs: Math.round(e.TREEINDEX_LLM_TIMEOUT_S * 1000),
      concurrency: e.TREEINDEX_LLM_CONCURRENCY,
      maxRetries: e.TREEINDEX_LLM_RETRIES,
    },
  };
}

/** `eng+deu` -> ["eng", "deu"], each with its traineddata installed; a clear error otherwise. */
function ocrLangs(spec: string): string[] {
  try {
    const langs = parseLangs(spec);
    for (const lang of langs) langDataDir(lang);
    return langs;
  } catch (error) {
    throw new ConfigError(`Invalid TREEINDEX_OCR_LANGS=${JSON.stringify(spec)}: ${(error as Error).message}`);
  }
}
