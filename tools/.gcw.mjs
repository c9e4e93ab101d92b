import { Worker } from "node:worker_threads";
const yg = Number(process.argv[3]);
const w = new Worker(new URL("./.gcw-inner.mjs", import.meta.url), { argv: [process.argv[2]], execArgv: [], resourceLimits: { maxOldGenerationSizeMb: 3072, maxYoungGenerationSizeMb: yg } });
await new Promise((r) => w.on("exit", r));
