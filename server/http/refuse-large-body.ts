import type { NextFunction, Request, Response } from "express";
import { expectsJson, maxBodyBytesFor } from "./body-limits.ts";
import { tooLargeMessage } from "./too-large-message.ts";

/**
 * Answers 413 for a body past its limit and closes the connection after the answer:
 * the rest of the body is never read, so the connection cannot carry another request.
 * If the answer has already begun, only closing is left.
 */
export function refuseLargeBody(req: Request, res: Response, maxBytes: number): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const message = tooLargeMessage(maxBytes);
  res.status(413).set("Connection", "close");
  if (expectsJson(req.path)) {
    res.json({ message });
  } else {
    res.type("html").send(tooLargePage(message));
  }
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
