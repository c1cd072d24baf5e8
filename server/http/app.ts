import { createRequestHandler } from "@react-router/express";
import express from "express";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { getDb } from "../../db/database.ts";
import { clientContext } from "./context.ts";
import { requestLog } from "./request-log.ts";

export { boot } from "../boot.ts";

/** Liveness and readiness, served by every role so orchestrators can watch workers too. */
export const health = express.Router();

health.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

health.get("/readyz", async (_req, res) => {
  try {
    await sql`select 1`.execute(getDb());
    res.json({ status: "ok", database: "reachable" });
  } catch {
    res.status(503).json({ status: "unavailable", database: "unreachable" });
  }
});

/**
 * The web role's request handling: logs, health checks, then React Router for
 * pages and the JSON API. Static files are served in front of this (server.js).
 */
export const app = express();
app.disable("x-powered-by");
// Behind a load balancer the client address comes from X-Forwarded-For; TRUST_PROXY names how many hops to trust.
app.set("trust proxy", Number(process.env.TRUST_PROXY ?? 0) || false);
app.use(requestLog);

app.use(health);

// Handed a function, React Router imports the build and derives its whole route
// table again on every request, so that development serves edited routes; that
// costs milliseconds a request. A production build never changes: it is imported
// on the first request (a process that serves no pages never loads it) and
// derived once.
let reactRouter: ReturnType<typeof createRequestHandler> | undefined;

app.use(async (req, res, next) => {
  try {
    reactRouter ??= createRequestHandler({
      build:
        process.env.NODE_ENV === "development"
          ? () => import("virtual:react-router/server-build")
          : await import("virtual:react-router/server-build"),
      getLoadContext(request, response) {
        const context = new RouterContextProvider();
        context.set(clientContext, { ip: request.ip ?? null, requestId: String(response.locals.requestId) });
        return context;
      },
    });
  } catch (error) {
    next(error);
    return;
  }
  return reactRouter(req, res, next);
});
