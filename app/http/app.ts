import express from "express";
import { RouterContextProvider } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { getDb } from "#db/database.ts";
import { setRenderWorkerFile } from "#server/content/render-pool.ts";
import { parseEnv } from "#server/env.ts";
import { isDatabaseReachable } from "#server/health.ts";
import { clientInfoOf } from "./client-info.ts";
import { clientContext, cspNonceContext } from "./context.ts";
import { handleWithReactRouter } from "./react-router-handler.ts";
import { limitRequestBodies } from "#server/http/refuse-large-body.ts";
import { processRequestLog } from "#server/http/request-log.ts";
import { exposeMetrics } from "#server/metrics/expose-metrics.ts";
import { routePatternNamer } from "./route-pattern.ts";
import { securityHeaders as createSecurityHeaders } from "#server/http/security-headers.ts";

export { boot } from "#server/boot.ts";

// Built, this module is build/server/index.js and the render threads' entry is emitted
// beside it (vite.config.ts); run from the sources, the pool finds render-worker.ts itself.
if (!import.meta.url.endsWith(".ts")) setRenderWorkerFile(new URL("./render-worker.js", import.meta.url));
export { stopServing } from "#server/http/stop-serving.ts";
export { serveClusterMetrics } from "#server/metrics/cluster-metrics.ts";

/** Liveness and readiness, served by every role so orchestrators can watch workers too. */
export const health = express.Router();

health.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

health.get("/readyz", async (_req, res) => {
  if (await isDatabaseReachable(getDb())) res.json({ status: "ok", database: "reachable" });
  else res.status(503).json({ status: "unavailable", database: "unreachable" });
});

/**
 * `GET /metrics` for a scraper carrying METRICS_TOKEN; without the token (or with none
 * set) the request goes on to the usual 404. Every role serves it, workers included.
 */
export const metrics = exposeMetrics(parseEnv().METRICS_TOKEN);

/**
 * Content-Security-Policy and the other security headers on every response. Exported
 * for server.ts to put in front of the public files too; the app applies it itself as
 * well, so whatever mounts the app gets them.
 */
export const securityHeaders = createSecurityHeaders({ appUrl: process.env.APP_URL, development: import.meta.env.DEV });

/**
 * The web role's request handling: logs, health checks, then React Router for
 * pages and the JSON API. Static files are served in front of this (server.ts).
 */
export const app = express();
app.disable("x-powered-by");
// Behind a load balancer the client address comes from X-Forwarded-For; TRUST_PROXY names how many hops to trust.
// Read through the same schema as at boot, so a wrong value stops the start rather than trusting no one silently.
app.set("trust proxy", parseEnv().TRUST_PROXY || false);
app.use(processRequestLog(routePatternNamer(serverBuild.routes)));
app.use(securityHeaders);
app.use(metrics);

app.use(health);
// Before anything reads a body: a declared length past the limit is refused unread,
// and the limit is what React Router's body stream is counted against.
app.use(limitRequestBodies);

app.use(
  handleWithReactRouter({
    // A build given as a function is read again, and its route table rebuilt, on every
    // request: what development's hot reload needs, and a few percent of every request's
    // CPU in production, where the build never changes (docs/decisions/017-server-rendering.md).
    build: import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(clientContext, clientInfoOf(req, res));
      context.set(cspNonceContext, typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "");
      return context;
    },
  }),
);
