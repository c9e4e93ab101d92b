/**
 * Runs the store's sweep of unreferenced blobs (store/orphan-blobs.ts) when a server starts
 * and then every few minutes, so files left by a crash or a full disk go without a restart.
 * A failed pass (the disk still full, the database away) is logged and tried again later.
 */
import type { Logger } from "../logger.ts";
import { removeOrphanBlobs, type Store } from "../store/index.ts";

const EVERY_MS = 5 * 60_000;

export class OrphanSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
  ) {}

  start(): void {
    void this.pass();
    this.timer = setInterval(() => void this.pass(), EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  pass(): Promise<void> {
    this.running ??= removeOrphanBlobs(this.store)
      .then((ids) => {
        if (ids.length) this.logger.info({ documents: ids.length }, "removed the files of documents without a record (left by an interrupted upload or delete)");
      })
      .catch((error) => this.logger.warn({ err: error }, "sweeping files without a document record failed; trying again later"))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
