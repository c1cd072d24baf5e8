// Murmur's process entry. `npm start` builds the app and runs this on the production
// build (`npm run serve`, the Dockerfile's CMD); `npm run dev` (NODE_ENV=development)
// serves the sources through Vite with hot reload.
//
// One process per container: it starts the database (embedded unless DATABASE_URL is
// set), migrates, runs the job worker (ROLE=all or worker) and serves on PORT. With
// WEB_CONCURRENCY=N above 1 it becomes a node:cluster primary that does all of that but
// serving, and forks N web processes that share the port the way node:cluster does
// (the primary accepts, and hands connections to the web processes in turn). Heap flags
// are in the start script, not here: V8 reads them only as a process starts
// (docs/decisions/018-process-memory.md).
import cluster from "node:cluster";
import type { Server } from "node:http";
import express from "express";

type MurmurModule = typeof import("#app/http/app.ts");

const development = process.env.NODE_ENV === "development";
// Anything but development runs as production, before React is loaded: React and
// its server renderer pick their (several times slower) development builds otherwise.
if (!development) process.env.NODE_ENV = "production";

// A forked web process's heap, in place of the heap flags the primary was started
// with: 8 MB semi-spaces and a 256 MB old space keep a process taking CSV import
// chunks near 180 MB instead of 250-380 MB, mostly garbage (decisions 005 and 018).
// 256 MB still parses the largest body the API takes (32 MB). Heap flags given in
// NODE_OPTIONS apply to every process and win.
const WEB_PROCESS_HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=256"];
const HEAP_FLAG_NAMES = ["--max-semi-space-size", "--max-old-space-size", "--heap-growing-percent"];

const vite = development ? await (await import("vite")).createServer({ server: { middlewareMode: true } }) : undefined;
// A path in a variable: the build exists only once `npm run build` has run.
const builtApp = "./build/server/index.js";
const murmurModule = (vite ? await vite.ssrLoadModule("./app/http/app.ts") : await import(builtApp)) as MurmurModule;

// boot() validates the environment first: a wrong value (WEB_CONCURRENCY=abc too) stops
// the process here with a message naming it, before anything is started.
const murmur = await murmurModule.boot();
const { env } = murmur;
const webProcesses = development || !murmur.serveWeb ? 1 : env.WEB_CONCURRENCY;
let announced = false;
let stopping = false;

function log(msg: string): void {
  console.log(JSON.stringify({ level: 30, time: Date.now(), service: "murmur", pid: process.pid, msg }));
}

function requestHandler(serveWeb: boolean): express.Express {
  const web = express();
  web.disable("x-powered-by");
  if (!serveWeb) {
    // A worker-only container still answers health checks, and metrics for a scraper with the token.
    web.use(murmurModule.metrics);
    web.use(murmurModule.health);
    return web;
  }
  // Security headers on the public files as well as on pages (the app applies them again for itself).
  web.use(murmurModule.securityHeaders);
  if (vite) {
    web.use(vite.middlewares);
  } else {
    // Hashed asset names never change content, so they can be cached for a year.
    web.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // The other public files (favicon.svg, sample-contacts.csv) all have an
    // extension, and server-rendered pages and most API paths have none: those
    // skip a file lookup that would fail on every request. The few routes with
    // one (export.csv, a client navigation's .data) fall through to the app.
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    web.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  web.use(murmurModule.app);
  return web;
}

/** The primary's flags for a forked web process: its own, with the web process's heap in place of its heap flags. */
function webProcessFlags(): string[] {
  const named = (flag: string) => flag.split("=")[0]!;
  const inNodeOptions = new Set((process.env.NODE_OPTIONS ?? "").split(/\s+/).map(named));
  return [
    ...process.execArgv.filter((flag) => !HEAP_FLAG_NAMES.includes(named(flag))),
    ...WEB_PROCESS_HEAP_FLAGS.filter((flag) => !inNodeOptions.has(named(flag))),
  ];
}

/** In the primary: forks the web processes, says when all serve, and replaces one that dies. */
function startWebProcesses(count: number): void {
  cluster.setupPrimary({ execArgv: webProcessFlags() });
  // A scrape reaching any web process answers for the whole container.
  murmurModule.serveClusterMetrics();
  // The database is already migrated and the job worker runs here: a web process only serves.
  const fork = () => cluster.fork({ ROLE: "web" });
  let serving = 0;
  cluster.on("listening", (worker) => {
    if (announced) log(`web process ${worker.process.pid} is serving`);
    else if (++serving === count) announce();
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const how = signal ?? code;
    if (!announced) {
      // One that cannot start (the port is taken) would fail again: the start fails instead.
      log(`web process ${worker.process.pid} exited with ${how} before serving; stopping`);
      return void stop("a failed start", 1);
    }
    log(`web process ${worker.process.pid} exited with ${how}; starting another`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();
}

let server: Server | undefined;
if (cluster.isPrimary && webProcesses > 1) {
  startWebProcesses(webProcesses);
} else {
  server = requestHandler(murmur.serveWeb).listen(env.PORT, env.HOST);
  server.on("listening", () => {
    if (cluster.isPrimary) announce();
  });
  // The port taken, or not ours to take: said, and the database stopped cleanly.
  server.on("error", (error) => {
    console.error(error);
    void stop(`an error of the HTTP server (${error.message})`, 1);
  });
}

function announce(): void {
  announced = true;
  const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  log(
    murmur.serveWeb
      ? `Murmur is ready at http://${shown}:${env.PORT}`
      : `Murmur worker health checks at http://${shown}:${env.PORT}`,
  );
}

/** Answers the requests in progress, then stops the web processes, the job worker and the database, in that order. */
async function stop(reason: string, exitCode = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 20_000).unref();
  if (server?.listening) await murmurModule.stopServing(server);
  // Web processes finish their requests first; the database stops after them.
  await Promise.all(
    Object.values(cluster.workers ?? {}).map((worker) =>
      worker && !worker.isDead()
        ? new Promise((resolve) => {
            worker.once("exit", resolve);
            worker.process.kill("SIGTERM");
          })
        : undefined,
    ),
  );
  await vite?.close();
  await murmur.shutdown();
  log(`stopped on ${reason}`);
  process.exit(exitCode);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
