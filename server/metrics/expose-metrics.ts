import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { registry } from "./registry.ts";
import { scrapeText } from "./cluster-metrics.ts";
import "./database-metrics.ts";

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
function carriesToken(req: Request, token: string): boolean {
  const given = Buffer.from(req.get("Authorization") ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers `GET /metrics` in Prometheus's text format when `token` is set and the
 * request carries it as a bearer token. Otherwise the request goes on to the app,
 * which answers its usual 404: the public port does not tell a scraper that metrics
 * exist, nor whether a token is set.
 */
export function exposeMetrics(token: string | undefined) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.path !== "/metrics" || req.method !== "GET" || !token || !carriesToken(req, token)) return next();
    const text = await scrapeText();
    res.set("Cache-Control", "no-store");
    if (text === undefined) return void res.status(503).type("text/plain").send("Metrics are unavailable; try again.");
    res.set("Content-Type", registry.contentType);
    res.send(text);
  };
}
