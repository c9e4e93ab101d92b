await import("pdfjs-dist/legacy/build/pdf.mjs");
const { register } = await import("tsx/esm/api");
register();
const { default: run } = await import("./.gc-run.ts");
await run();
