import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { maxBodyBytesFor } from "#server/http/body-limits.ts";
import { toFetchRequest } from "#server/http/fetch-request.ts";
import { refuseLargeBody } from "#server/http/refuse-large-body.ts";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Parameters<RequestHandler>[0], res: ExpressResponse) => RouterContextProvider;
};

/**
 * Serves React Router's pages, actions and API routes from Express. Unlike the stock
 * adapter, the body React Router reads is held to the request's limit while it
 * streams (server/http/fetch-request.ts), and a body past it is answered with 413.
 */
export function handleWithReactRouter(options: Options): RequestHandler {
  const handle = createRequestHandler(options.build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const maxBytes =
        typeof res.locals.maxBodyBytes === "number" ? res.locals.maxBodyBytes : maxBodyBytesFor(req.path);
      const request = toFetchRequest(req, res, { maxBytes, onTooLarge: () => refuseLargeBody(req, res, maxBytes) });
      const response = await handle(request, options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  // Already answered (a 413 while the body streamed) or the client left: nothing goes out.
  if (res.headersSent || res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.append(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
  } catch (error) {
    // A client that leaves mid-answer is no error of ours.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
