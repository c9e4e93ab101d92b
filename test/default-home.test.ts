import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveHome } from "../src/config.ts";
import { defaultHome, INSTALL_ROOT, userDataDir } from "../src/default-home.ts";
import { expandHome } from "../src/expand-home.ts";
import { makeTempHome } from "./helpers/server.ts";

describe("the default store location", () => {
  let checkout: string;
  let installed: string;

  beforeAll(async () => {
    checkout = await makeTempHome("treeindex-checkout-");
    await fs.mkdir(path.join(checkout, "storage"));
    installed = await makeTempHome("treeindex-installed-");
  });
  afterAll(async () => {
    await fs.rm(checkout, { recursive: true, force: true });
    await fs.rm(installed, { recursive: true, force: true });
  });

  it("is a checkout's own storage/, found from the installation, not the working directory", () => {
    expect(defaultHome({ installRoot: checkout, platform: "linux", env: {}, homedir: "/home/ann" })).toEqual({ home: path.join(checkout, "storage"), source: "checkout" });
    // This checkout: its storage/, whatever process.cwd() is.
    expect(resolveHome({}, { HOME: "/home/ann" })).toEqual({ home: path.join(INSTALL_ROOT, "storage"), source: "checkout" });
    expect(path.resolve(INSTALL_ROOT)).toBe(path.resolve(import.meta.dirname, ".."));
  });

  it("is the platform's per-user data directory for an installation without storage/", () => {
    const at = (platform: NodeJS.Platform, env: Record<string, string> = {}, homedir = "/home/ann") => defaultHome({ installRoot: installed, platform, env, homedir });
    expect(at("linux")).toEqual({ home: "/home/ann/.local/share/treeindex", source: "user-data" });
    expect(at("linux", { XDG_DATA_HOME: "/data/ann" }).home).toBe("/data/ann/treeindex");
    // The XDG spec ignores a relative XDG_DATA_HOME.
    expect(at("linux", { XDG_DATA_HOME: "rel/data" }).home).toBe("/home/ann/.local/share/treeindex");
    expect(at("freebsd").home).toBe("/home/ann/.local/share/treeindex");
    expect(at("darwin", {}, "/Users/ann").home).toBe("/Users/ann/Library/Application Support/treeindex");
    expect(at("win32", { APPDATA: "C:\\Users\\ann\\AppData\\Roaming" }, "C:\\Users\\ann").home).toBe("C:\\Users\\ann\\AppData\\Roaming\\treeindex");
    expect(userDataDir({ platform: "win32", env: {}, homedir: "C:\\Users\\ann" })).toBe("C:\\Users\\ann\\AppData\\Roaming\\treeindex");
  });

  it("gives way to --home, then TREEINDEX_HOME; both may start with ~", () => {
    const env = { HOME: "/home/ann", TREEINDEX_HOME: "~/stores/main" };
    expect(resolveHome({}, env)).toEqual({ home: path.resolve("/home/ann/stores/main"), source: "TREEINDEX_HOME" });
    expect(resolveHome({ home: "~/other" }, env)).toEqual({ home: path.resolve("/home/ann/other"), source: "--home" });
    expect(resolveHome({ home: "rel" }, env).home).toBe(path.resolve("rel"));
    // An empty TREEINDEX_HOME (the MCP bundle's store setting left empty) is the default store.
    expect(resolveHome({}, { HOME: "/home/ann", TREEINDEX_HOME: "" }).source).toBe("checkout");
  });
});

describe("expandHome", () => {
  it("reads a leading ~ as the user's home, as a shell does, and leaves other paths alone", () => {
    expect(expandHome("~", "/home/ann")).toBe("/home/ann");
    expect(expandHome("~/Documents/a.pdf", "/home/ann")).toBe(path.join("/home/ann", "Documents/a.pdf"));
    expect(expandHome("~bob/a.pdf", "/home/ann")).toBe("~bob/a.pdf");
    expect(expandHome("/srv/~/a.pdf", "/home/ann")).toBe("/srv/~/a.pdf");
    expect(expandHome("a~/b", "/home/ann")).toBe("a~/b");
  });
});
