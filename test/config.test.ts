import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { INSTALL_ROOT } from "../src/default-home.ts";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({}, {});
    // Run from this checkout: its own storage/, found from the installation (see default-home.test.ts).
    expect(c.home).toBe(path.join(INSTALL_ROOT, "storage"));
    expect(c.homeSource).toBe("checkout");
    expect(c.host).toBe("127.0.0.1");
    expect(c.port).toBe(8765);
    expect(c.apiKey).toBeUndefined();
    expect(c.workers).toBeGreaterThanOrEqual(1);
    expect(c.maxUploadBytes).toBe(200 * 1024 * 1024);
    expect(c.logLevel).toBe("info");
  });

  it("reads every variable", () => {
    const c = loadConfig({}, {
      TREEINDEX_HOME: "/tmp/h", TREEINDEX_HOST: "0.0.0.0", TREEINDEX_PORT: "0", TREEINDEX_API_KEY: "secret-key",
      TREEINDEX_WORKERS: "3", TREEINDEX_MAX_UPLOAD_MB: "1.5", TREEINDEX_LOG_LEVEL: "debug",
    });
    expect(c).toMatchObject({ home: "/tmp/h", host: "0.0.0.0", port: 0, apiKey: "secret-key", workers: 3, logLevel: "debug" });
    expect(c.maxUploadBytes).toBe(Math.round(1.5 * 1024 * 1024));
  });

  it("lets CLI flags override the environment", () => {
    const c = loadConfig({ port: "9000", host: "::1", home: "/tmp/o", tools: "read" }, { TREEINDEX_PORT: "1", TREEINDEX_HOST: "x", TREEINDEX_HOME: "/y", TREEINDEX_MCP_TOOLS: "all" });
    expect(c).toMatchObject({ port: 9000, host: "::1", home: "/tmp/o", mcpTools: "read" });
    expect(loadConfig({}, { TREEINDEX_MCP_TOOLS: "read" }).mcpTools).toBe("read");
    expect(loadConfig({}, {}).mcpTools).toBe("all");
  });

  it.each([
    ["TREEINDEX_PORT", "abc"],
    ["TREEINDEX_PORT", "70000"],
    ["TREEINDEX_WORKERS", "0"],
    ["TREEINDEX_MAX_UPLOAD_MB", "-1"],
    ["TREEINDEX_LOG_LEVEL", "loud"],
    ["TREEINDEX_MCP_TOOLS", "write"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({}, { [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({}, { [name]: value })).toThrow(new RegExp(`^Invalid ${name}=`));
  });

  it("reads a leading ~ in TREEINDEX_HOME and TREEINDEX_ALLOWED_ROOTS as the user's home (a desktop client's config has no shell)", () => {
    const c = loadConfig({}, { HOME: "/home/ann", TREEINDEX_HOME: "~/.treeindex", TREEINDEX_ALLOWED_ROOTS: ["~/Documents", "/srv/docs"].join(path.delimiter) });
    expect(c.home).toBe(path.resolve("/home/ann/.treeindex"));
    expect(c.homeSource).toBe("TREEINDEX_HOME");
    expect(c.allowedRoots).toEqual([path.resolve("/home/ann/Documents"), path.resolve("/srv/docs")]);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({}, { TREEINDEX_API_KEY: "", TREEINDEX_PORT: "" }).port).toBe(8765);
  });
});
