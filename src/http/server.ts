/** Binds the HTTP app to a host and port; resolves once listening (port 0 = a free port). */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import type { HttpEnv } from "./route.ts";

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(app: Hono<HttpEnv>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    let server: ServerType;
    const onError = (error: Error) => reject(error);
    server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      server.off("error", onError);
      const shownHost = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once("error", onError);
    server.on("clientError", answerClientError);
  });
}

/**
 * Requests Node's parser refuses before any route runs (a 200 KB query string, huge
 * headers, garbage) get a JSON answer like every other error, instead of Node's bare reply
 * or a reset connection: 414 when the request line alone is too long, 431 for headers.
 */
function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let reason = "Bad Request";
  let detail = "The request could not be parsed";
  if (error.code === "HPE_HEADER_OVERFLOW") {
    const firstLineEnds = error.rawPacket ? error.rawPacket.indexOf("\r\n") >= 0 : true;
    [status, reason, detail] = firstLineEnds
      ? [431, "Request Header Fields Too Large", `The request headers exceed ${http.maxHeaderSize} bytes`]
      : [414, "URI Too Long", `The request line (URL) exceeds ${http.maxHeaderSize} bytes; send long parameters in a body`];
  } else if (error.code === "HPE_REQUEST_TIMEOUT" || error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    [status, reason, detail] = [408, "Request Timeout", "The request took too long to arrive"];
  }
  const body = JSON.stringify({ detail });
  // Keep reading what the client still sends, so closing does not reset the connection
  // before it reads the answer.
  socket.on("data", () => undefined);
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
