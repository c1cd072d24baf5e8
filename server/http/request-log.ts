import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { log } from "#server/log.ts";
import { observeRequest } from "#server/metrics/http-metrics.ts";
import { loggablePath } from "./loggable-path.ts";

type Middleware = (req: Request, res: Response, next: NextFunction) => void;

/**
 * One JSON line per request to `logger`: id, trace id (the request's own id unless
 * `joinTrace` named the trace it continues), method, path (tokens of tracking and
 * unsubscribe links redacted), status, duration. The id is echoed back as X-Request-Id.
 * Each request is counted in the HTTP metrics under the route pattern `routeOf` names
 * (`unmatched` without one: a raw path would make a series per id).
 */
export function createRequestLog(logger: Logger, options: { routeOf?: (path: string) => string } = {}): Middleware {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const incoming = req.get("X-Request-Id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = options.routeOf?.(req.path) ?? "unmatched";
      observeRequest({ route, method: req.method, status: res.statusCode, seconds: durationMs / 1000 });
      logger.info(
        {
          requestId,
          traceId: typeof res.locals.traceId === "string" ? res.locals.traceId : requestId,
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

/**
 * Makes the request's log line carry `traceId`, the trace it continues (an import's later
 * chunk continues the one its first chunk's request began), in place of its own id.
 */
export function joinTrace(res: Response, traceId: string): void {
  res.locals.traceId = traceId;
}

/** The process's request log, counting requests under the patterns `routeOf` names. */
export function processRequestLog(routeOf: (path: string) => string): Middleware {
  return createRequestLog(log, { routeOf });
}
