/**
 * A vitest reporter that writes the run's unhandled errors (errors thrown outside any test:
 * a rejected promise nobody awaited, an `error` event nobody listens to, a worker that died)
 * to the JSON file named by TREEINDEX_UNHANDLED_REPORT. The JSON reporter leaves them out,
 * and tools/run-tests.mjs must tell a dead worker (run its file again) from a real error
 * (fail).
 */
import { writeFileSync } from "node:fs";

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.TREEINDEX_UNHANDLED_REPORT;
    if (!file) return;
    // "[vitest-pool]: Worker forks emitted error." carries the reason in its cause chain.
    const describe = (e) => [e?.name ?? "Error", String(e?.message ?? e), ...(e?.cause ? [describe(e.cause)] : [])].join(": ");
    const errors = unhandledErrors.map((e) => ({ text: describe(e) }));
    writeFileSync(file, JSON.stringify(errors));
  }
}
