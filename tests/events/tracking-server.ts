import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { action as batch } from "#app/routes/tracking/batch.ts";
import { action as identify } from "#app/routes/tracking/identify.ts";
import { action as page } from "#app/routes/tracking/page.ts";
import { action as track } from "#app/routes/tracking/track.ts";
import { respond, routeArgs } from "../serve-route.ts";

const calls = { batch, identify, page, track } as const;

export type TrackingServer = {
  url: string;
  /** Every answer sent, in order: what an SDK saw. */
  answers: number[];
  /**
   * Makes the next `n` requests fail with a 503 after they were stored, as a dropped connection would look to a client.
   */
  failAfterStoring: (n: number) => void;
  close: () => Promise<void>;
};

/**
 * A real HTTP server in front of the tracking API's route modules, so an SDK can
 * be pointed at it exactly as at a deployed Murmur.
 */
export async function startTrackingServer(): Promise<TrackingServer> {
  const answers: number[] = [];
  let failures = 0;
  const server: Server = createServer(async (req, res) => {
    const name = /^\/v1\/(batch|identify|page|track)$/.exec(req.url ?? "")?.[1] as keyof typeof calls | undefined;
    if (!name) {
      res.writeHead(404).end();
      return;
    }
    const request = new Request(`http://murmur.test${req.url}`, {
      method: req.method,
      headers: headersOf(req),
      body: req.method === "POST" ? new Uint8Array(await readAll(req)) : undefined,
    });
    const response = await respond(() => calls[name](routeArgs(request)));
    let status = response.status;
    let body = await response.text();
    if (failures > 0) {
      failures -= 1;
      status = 503;
      body = JSON.stringify({ message: "unavailable" });
    }
    answers.push(status);
    res.writeHead(status, { "Content-Type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answers,
    failAfterStoring: (n) => {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
  }
  return headers;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
