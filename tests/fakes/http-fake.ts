import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type FakeResponse = {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
  /** Never answer: the connection stays open until the fake closes (a provider that hangs). */
  neverAnswers?: boolean;
};

/**
 * A local HTTP server standing in for a provider's API: it records every request
 * as received on the wire and answers with what `answer` decides, or with the
 * next queued response when a test has queued one (a 429, a 503...).
 */
export async function startHttpFake(answer: (request: RecordedRequest) => FakeResponse, port = 0) {
  const requests: RecordedRequest[] = [];
  const queued: FakeResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      const response = queued.shift() ?? answer(request);
      const reply = () => {
        const text =
          response.body === undefined
            ? ""
            : typeof response.body === "string"
              ? response.body
              : JSON.stringify(response.body);
        res.writeHead(response.status, { "Content-Type": "application/json", ...response.headers });
        res.end(text);
      };
      if (response.neverAnswers) return;
      if (response.delayMs) setTimeout(reply, response.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    /** The next request gets this answer instead of the normal one. */
    queue(response: FakeResponse) {
      queued.push(response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
