import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, expect, it } from "vitest";
import { shareConnections, takeConnections } from "../../server/http/shared-port.ts";

let sharedPort: ReturnType<typeof shareConnections> | undefined;
let agent: http.Agent | undefined;
afterEach(() => {
  sharedPort?.close();
  agent?.destroy();
});

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

it("answers the connections the shared port deals it, and on stopping finishes the request in progress and closes idle connections", async () => {
  // The slow request is answered when the test says so, not after some time.
  let slowArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
  let answerSlow!: () => void;
  const answered = new Promise<void>((resolve) => (answerSlow = resolve));
  const own = takeConnections((request, response) => {
    if (request.url === "/slow") {
      slowArrived();
      void answered.then(() => response.end("slow answer"));
    } else response.end("quick answer");
  });
  sharedPort = shareConnections({ port: 0, host: "127.0.0.1", own, ready: () => [] });
  await new Promise((resolve) => sharedPort!.once("listening", resolve));
  const { port } = sharedPort.address() as AddressInfo;
  agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

  // Two connections: one busy with a slow request, one idle after a quick one.
  let slowAnswered = false;
  const slow = get(port, "/slow").then((answer) => {
    slowAnswered = true;
    return answer;
  });
  const quick = await get(port, "/");
  expect(quick.body).toBe("quick answer");
  const idleClosed = new Promise((resolve) => quick.socket.once("close", resolve));
  await arrived;

  sharedPort.close();
  const drained = own.drain();
  await idleClosed;
  expect(slowAnswered).toBe(false);
  answerSlow();
  expect((await slow).body).toBe("slow answer");
  await drained;
});
