// Murmur's process entry. `npm start` runs it on the production build; `npm run dev`
// (NODE_ENV=development) serves the sources through Vite with hot reload.
//
// In production the web role runs WEB_CONCURRENCY processes (default: one per core,
// at most 4) sharing the port through node:cluster, because server rendering is CPU
// work and one Node process uses one core. The primary process starts the database,
// migrates, runs the job worker, and restarts a web process that dies.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import express from "express";

const development = process.env.NODE_ENV === "development";
// Anything but development runs as production, before React is loaded: React and
// its server renderer pick their (several times slower) development builds otherwise.
if (!development) process.env.NODE_ENV = "production";
const webProcesses = development ? 1 : Number(process.env.WEB_CONCURRENCY) || Math.min(availableParallelism(), 4);

let vite;
let murmurModule;
if (development) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  murmurModule = await vite.ssrLoadModule("./server/http/app.ts");
} else {
  murmurModule = await import("./build/server/index.js");
}

const murmur = await murmurModule.boot();
const { env } = murmur;

function log(msg) {
  console.log(JSON.stringify({ level: 30, time: Date.now(), service: "murmur", pid: process.pid, msg }));
}

function serve(serveWeb) {
  const web = express();
  web.disable("x-powered-by");
  if (serveWeb) {
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
  } else {
    // A worker-only container still answers health checks.
    web.use(murmurModule.health);
  }
  return web.listen(env.PORT, env.HOST);
}

// Web processes get a bounded heap. Left to itself V8 gives the young generation
// 16 MB semi-spaces and lets the old one grow to hundreds of MB before a full
// collection, so a web process taking CSV import chunks stood at 250-380 MB,
// mostly garbage (docs/decisions/005-csv-import.md). 8 MB semi-spaces and a
// 256 MB old space keep it near 180 MB, at the price of about a third more CPU
// in the web process during an import, spent in GC (4 MB semi-spaces saved little
// more memory and doubled it);
// 256 MB still parses the largest body the API takes (32 MB). A flag given in
// NODE_OPTIONS or on the command line wins.
const WEB_HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=256"];
const givenFlags = `${process.env.NODE_OPTIONS ?? ""} ${process.execArgv.join(" ")}`;
const webExecArgv = [
  ...process.execArgv,
  ...WEB_HEAP_FLAGS.filter((flag) => !givenFlags.includes(flag.split("=")[0])),
];

let server;
if (cluster.isPrimary) cluster.setupPrimary({ execArgv: webExecArgv });
const forkWeb = () => cluster.fork({ ROLE: "web", DATABASE_URL: process.env.DATABASE_URL, MURMUR_WEB_PROCESS: "1" });

if (cluster.isWorker) {
  server = serve(true);
} else if (murmur.serveWeb && webProcesses > 1) {
  for (let i = 0; i < webProcesses; i++) forkWeb();
  cluster.on("exit", (worker, code) => {
    if (!stopping && !worker.exitedAfterDisconnect) {
      log(`web process ${worker.process.pid} exited with ${code}; starting another`);
      forkWeb();
    }
  });
  let listening = 0;
  cluster.on("listening", () => {
    listening += 1;
    if (listening === webProcesses) announce();
  });
} else {
  server = serve(murmur.serveWeb);
  server.on("listening", announce);
}

let announced = false;
function announce() {
  if (announced) return;
  announced = true;
  const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  log(murmur.serveWeb ? `Murmur is ready at http://${shown}:${env.PORT}` : `Murmur worker health checks at http://${shown}:${env.PORT}`);
}

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 20_000);
  timer.unref();
  if (server) {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
    });
  }
  if (cluster.isPrimary) {
    // Web processes finish their requests first; the database stops after them.
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (worker) => new Promise((resolve) => {
          worker.once("exit", resolve);
          worker.process.kill(signal);
        }),
      ),
    );
  }
  await vite?.close();
  await murmur.shutdown();
  log(`stopped on ${signal}`);
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
