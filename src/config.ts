/**
 * Environment -> validated configuration. The only module that reads `process.env`.
 * Invalid values stop the process with a one-line message naming the variable.
 */
import os from "node:os";
import path from "node:path";
import { z } from "zod";

const portSchema = z.coerce.number({ error: "must be a port number 0-65535" }).int("must be a port number 0-65535").min(0, "must be a port number 0-65535").max(65535, "must be a port number 0-65535");

const envSchema = z.object({
  TREEINDEX_HOME: z.string().min(1).default("./storage"),
  TREEINDEX_HOST: z.string().min(1).default("127.0.0.1"),
  TREEINDEX_PORT: portSchema.default(8765),
  TREEINDEX_API_KEY: z.string().optional(),
  TREEINDEX_WORKERS: z.coerce.number({ error: "must be a whole number 1-64" }).int("must be a whole number 1-64").min(1, "must be a whole number 1-64").max(64, "must be a whole number 1-64").default(Math.max(1, os.availableParallelism())),
  TREEINDEX_MAX_UPLOAD_MB: z.coerce.number({ error: "must be a number of megabytes" }).positive("must be above 0").max(10_240, "must be at most 10240").default(200),
  TREEINDEX_MAX_PAGES: z.coerce.number({ error: "must be a whole number of pages" }).int("must be a whole number of pages").min(1, "must be at least 1").default(5000),
  TREEINDEX_JOB_TIMEOUT_S: z.coerce.number({ error: "must be a number of seconds" }).positive("must be above 0").default(1800),
  TREEINDEX_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  home: string;
  host: string;
  port: number;
  apiKey?: string;
  workers: number;
  maxUploadBytes: number;
  /** PDFs with more pages are refused (the job fails with a clear message). */
  maxPages: number;
  /** Wall-clock limit of one indexing job. */
  jobTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>["TREEINDEX_LOG_LEVEL"];
}

/** CLI flags that override the environment. */
export interface ConfigOverrides {
  home?: string;
  host?: string;
  port?: string | number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

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

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${variable}=${JSON.stringify(raw[variable] ?? "")}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    home: path.resolve(e.TREEINDEX_HOME),
    host: e.TREEINDEX_HOST,
    port: e.TREEINDEX_PORT,
    apiKey: e.TREEINDEX_API_KEY,
    workers: e.TREEINDEX_WORKERS,
    maxUploadBytes: Math.round(e.TREEINDEX_MAX_UPLOAD_MB * 1024 * 1024),
    maxPages: e.TREEINDEX_MAX_PAGES,
    jobTimeoutMs: Math.round(e.TREEINDEX_JOB_TIMEOUT_S * 1000),
    logLevel: e.TREEINDEX_LOG_LEVEL,
  };
}
