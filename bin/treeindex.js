#!/usr/bin/env node
// The `treeindex` binary: the CLI is TypeScript run through tsx (a runtime dependency).
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
