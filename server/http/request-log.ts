import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { log } from "#server/log.ts";
import { loggablePath } from "./loggable-path.ts";

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * One JSON line per request to `logger`: id, method, path (tokens of tracking and
 * unsubscribe links redacted), status, duration. The id is echoed back as X-Request-Id.
 */
export function createRequestLog(logger: Logger): Middleware {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get("X-Request-Id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId,
          method: req.method,
          path: loggablePath(req.path),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        },
        "request",
      );
    });
    next();
  };
}

/** The process's request log. */
export const requestLog = createRequestLog(log);
