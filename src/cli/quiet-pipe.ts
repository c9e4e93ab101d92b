/**
 * `treeindex list | head -1`: once the reader of stdout has gone, writing to it fails with
 * EPIPE, emitted as an 'error' event that, unhandled, ends the process with a stack trace and
 * exit code 1. A closed output pipe is the reader saying "enough", as for any Unix tool: the
 * rest of the output is dropped and the command finishes normally (exit 0), closing the
 * store as usual rather than exiting in the middle of its work (`add` keeps indexing).
 */

/** Errors of a write to a stream whose reader is gone (and of later writes to it). */
const CLOSED = new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ECONNRESET"]);

const guarded = new WeakSet<NodeJS.WritableStream>();

export function endQuietlyOnClosedPipe(stream: NodeJS.WritableStream = process.stdout): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== undefined && CLOSED.has(error.code)) return;
    // Anything else is a real failure: report it as the CLI reports errors, one line.
    process.stderr.write(`treeindex: cannot write the output: ${error.message}\n`);
    process.exitCode = 1;
  });
}
