import http from "node:http";
import net from "node:net";
import type { Worker } from "node:cluster";
import { setTimeout as sleep } from "node:timers/promises";

// How web processes share one port when the primary serves requests too
// (docs/decisions/018-process-memory.md). node:cluster hands connections out in
// turn, but only to its forked processes, never to the primary; SO_REUSEPORT lets
// the kernel pick by a hash of the client's address and port, which put 13 or more
// of 20 kept-alive connections on one of two processes in 5 tries of 12, and the
// clients of the busier one wait longer. So the primary accepts every connection and
// hands them out in turn, keeping one share for itself, as node:cluster's
// round-robin does.

const CONNECTION_MESSAGE = "murmur:connection";

/** A web process's HTTP server, fed connections accepted by the primary. */
export type ConnectionTaker = {
  server: http.Server;
  take: (socket: net.Socket) => void;
  /** Ends each connection as soon as it has no request in progress; resolves when all are gone. */
  drain: () => Promise<void>;
};

export function takeConnections(handler: http.RequestListener): ConnectionTaker {
  const server = http.createServer(handler);
  // Node starts tracking connections for closeIdleConnections() and for the
  // headersTimeout and requestTimeout checks when a server starts listening; this
  // one never listens itself, so it is told.
  server.emit("listening");
  const open = new Set<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  return {
    server,
    take(socket) {
      server.emit("connection", socket);
      // Accepted paused, so that no bytes were read before the hand-over.
      socket.resume();
    },
    async drain() {
      while (open.size > 0) {
        server.closeIdleConnections();
        await sleep(50);
      }
    },
  };
}

/** In a forked web process: takes the connections the primary sends. */
export function receiveConnections(taker: ConnectionTaker): void {
  process.on("message", (message, socket) => {
    if (message === CONNECTION_MESSAGE && socket instanceof net.Socket) taker.take(socket);
  });
}

/**
 * In the primary: listens on the port and deals each new connection in turn to
 * itself and to each web process that is ready.
 */
export function shareConnections(options: { port: number; host: string; own: ConnectionTaker; ready: () => Worker[] }): net.Server {
  let turn = 0;
  return net.createServer({ pauseOnConnect: true }, (socket) => {
    const takers = [null, ...options.ready()];
    const taker = takers[turn++ % takers.length];
    if (!taker) return options.own.take(socket);
    taker.send(CONNECTION_MESSAGE, socket, {}, (error) => {
      // The process went away between the choice and the hand-over.
      if (error) socket.destroy();
    });
  }).listen(options.port, options.host);
}
