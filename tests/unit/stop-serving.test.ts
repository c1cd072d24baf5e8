import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, expect, test } from "vitest";
import { stopServing } from "#server/http/stop-serving.ts";

let agent: http.Agent | undefined;
afterEach(() => agent?.destroy());

function get(port: number, path: string): Promise<{ body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        // Taken now: once the answer has been read the agent detaches it from the response.
        const socket = response.socket as Socket;
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ body, socket }));
      })
      .on("error", reject);
  });
}

test("stopping answers the request in progress, closes idle connections, refuses new ones, and ends once all are closed", async () => {
  // The slow request is answered when the test says, not after some time.
  let answerSlow: (() => void) | undefined;
  let slowArrived: () => void = () => {};
  const slowInProgress = new Promise<void>((arrived) => (slowArrived = arrived));
  const server = http.createServer((request, response) => {
    if (request.url !== "/slow") return response.end("quick answer");
    answerSlow = () => response.end("slow answer");
    slowArrived();
  });
  // No keep-alive timeout: only stopping may end a kept-alive connection here.
  server.keepAliveTimeout = 0;
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

  // Two kept-alive connections: one busy with the slow request, one idle after a quick one.
  const slow = get(port, "/slow");
  const quick = await get(port, "/");
  expect(quick.body).toBe("quick answer");
  await slowInProgress;
  const idleClosed = new Promise((closed) => quick.socket.once("close", closed));

  let stopped = false;
  const stopping = stopServing(server, { checkEveryMs: 5 }).then(() => (stopped = true));
  await idleClosed;
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  expect(stopped).toBe(false);

  answerSlow!();
  const answer = await slow;
  expect(answer.body).toBe("slow answer");
  // The kept-alive connection the slow answer went out on is ended by the server, not left
  // to the client (the agent would keep it): the server's close waits for it.
  const answerConnectionClosed = new Promise((closed) =>
    answer.socket.closed ? closed(true) : answer.socket.once("close", closed),
  );
  await stopping;
  await answerConnectionClosed;
});
