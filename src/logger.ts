/**
 * pino to stderr (fd 2), always: stdout belongs to the MCP stdio protocol and to
 * CLI output such as `treeindex index`.
 */
import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string = "info"): Logger {
  return pino({ level, base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true }));
}
