import type { NextFunction, Request, Response } from "express";
import { expectsJson, maxBodyBytesFor } from "./body-limits.ts";
import { tooLargeMessage } from "./too-large-message.ts";

// How long a refused connection stays open, unread, before it is closed.
const LINGER_MS = 2_000;

/**
 * Answers 413 for a body past its limit, and closes the connection without reading
 * the rest: that connection cannot carry another request. Closing a socket whose
 * unread bytes are still arriving makes the kernel send a reset, which can reach the
 * client before it has read the 413 and make it drop the answer (Node's client then
 * reports only EPIPE). So the answer is written whole (its length declared) but ended
 * only after a moment or when the client hangs up; meanwhile nothing is read, so the
 * client's sending stalls and costs no memory. If an answer has begun, only closing is left.
 */
export function refuseLargeBody(req: Request, res: Response, maxBytes: number): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const message = tooLargeMessage(maxBytes);
  const json = expectsJson(req.path);
  const body = Buffer.from(json ? JSON.stringify({ message }) : tooLargePage(message));
  res.status(413).set({
    "Content-Type": json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": String(body.byteLength),
    Connection: "close",
  });
  res.write(body);
  const end = setTimeout(() => res.end(), LINGER_MS);
  res.once("close", () => clearTimeout(end));
}

/**
 * The limit every request's body is held to (res.locals.maxBodyBytes, which the
 * React Router handler counts the streamed bytes against). A declared Content-Length
 * past it is refused before a byte of the body is read.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction): void {
  const maxBytes = maxBodyBytesFor(req.path);
  res.locals.maxBodyBytes = maxBytes;
  const declared = Number(req.get("Content-Length") ?? 0);
  if (declared > maxBytes) {
    refuseLargeBody(req, res, maxBytes);
    return;
  }
  next();
}

// A browser posting a form shows this page as is: no styles or scripts to load.
function tooLargePage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request too large · Murmur</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Request too large</h1>
<p>${message}</p>
<p>Go back, send less, or <a href="/dashboard">open the dashboard</a>.</p>
</body>
</html>
`;
}
