import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { AppError } from "#server/errors.ts";
import { tooLargeMessage } from "./too-large-message.ts";

// A Host header is a name or an address with an optional port; anything else is not used to build a URL.
const HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

// What the body stream holds before it stops reading from the socket until someone reads on.
const BUFFERED_BYTES = 64 * 1024;

/**
 * The Fetch Request that React Router handles for an Express request. Its body is
 * the request's bytes as they arrive, counted: once they pass `maxBytes` the stream
 * fails, nothing more is read from the socket, the request's signal aborts and
 * `onTooLarge` answers the client. So no reader downstream (formData, JSON, a
 * multipart parser) can ever hold more than the limit. A body the route leaves
 * unread is discarded once the answer is sent, still counted, so the connection
 * can serve the next request; past the limit the connection is closed instead.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  options: { maxBytes: number; onTooLarge: () => void },
): Request {
  const host = req.host && HOST.test(req.host) ? req.host : "localhost";
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = countedBody(req, res, {
      maxBytes: options.maxBytes,
      onTooLarge() {
        // The client gets the 413; what the route still makes of the request is not sent, nor logged as an error.
        controller.abort();
        options.onTooLarge();
      },
    });
    (init as RequestInit & { duplex: "half" }).duplex = "half";
  }
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, init);
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function countedBody(
  req: ExpressRequest,
  res: ExpressResponse,
  options: { maxBytes: number; onTooLarge: () => void },
): ReadableStream<Uint8Array> {
  let received = 0;
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  // Whether a reader still wants the bytes; once it has gone, they are only counted and dropped.
  let wanted = true;
  const settle = (end: (controller: ReadableStreamDefaultController<Uint8Array>) => void) => {
    if (!wanted) return;
    wanted = false;
    end(stream);
  };

  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > options.maxBytes) {
      req.off("data", onData);
      req.pause();
      // An AppError, so a route that meets it maps it to 413 rather than logging a bug.
      settle((controller) => controller.error(new AppError("TOO_LARGE", tooLargeMessage(options.maxBytes))));
      options.onTooLarge();
      return;
    }
    if (!wanted) return;
    stream.enqueue(chunk);
    if ((stream.desiredSize ?? 0) <= 0) req.pause();
  };

  // Node reads the next request on a kept-alive connection only after this body's end.
  // Not before the answer is sent, so that answer (a route's own 400 or 401) is what
  // the client gets, and not a 413 for bytes the route never wanted.
  res.once("finish", () => {
    if (req.complete) return;
    wanted = false;
    req.resume();
  });

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller;
        req.on("data", onData);
        req.once("end", () => settle((c) => c.close()));
        req.once("error", (error) => settle((c) => c.error(error)));
        // A client that goes away mid-body must not look like one whose body ended.
        req.once("close", () => {
          if (!req.complete)
            settle((c) => c.error(new Error("The client closed the connection before the body ended.")));
        });
      },
      pull() {
        if (wanted) req.resume();
      },
      cancel() {
        wanted = false;
        req.pause();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BUFFERED_BYTES }),
  );
}
