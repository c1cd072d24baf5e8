import type { Request, Response } from "express";
import { joinTrace } from "#server/http/request-log.ts";
import type { ClientInfo } from "./context.ts";

/** What routes learn of the client from Express: its address, the request's id, and a way to join a trace. */
export function clientInfoOf(req: Request, res: Response): ClientInfo {
  return {
    ip: req.ip ?? null,
    requestId: String(res.locals.requestId),
    joinTrace: (traceId) => joinTrace(res, traceId),
  };
}
