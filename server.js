// Murmur's process entry. `npm start` runs it on the production build; `npm run dev`
// (NODE_ENV=development) serves the sources through Vite with hot reload.
//
// In production the web role runs WEB_CONCURRENCY processes, because server rendering
// is CPU work and one Node process uses one core. The default leaves one core to
// PostgreSQL and the job worker: one process per core but one, at least one and at most
// four. On 2 cores a second rendering process only took turns with PostgreSQL on the
// same cores, and each page then cost half as much CPU again (docs/decisions/018).
// The primary process starts the database, migrates, runs the job worker, serves web
// requests, and starts the other web processes, restarting one that dies. It accepts
// every connection and deals them out in turn to itself and the others (each process
// costs some 130-160 MB, docs/decisions/018-process-memory.md).
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

const development = process.env.NODE_ENV === "development";
// Anything but development runs as production, before React is loaded: React and
// its server renderer pick their (several times slower) development builds otherwise.
if (!development) process.env.NODE_ENV = "production";

// Forked web processes get a bounded heap. Left to itself V8 gives the young
// generation 16-32 MB semi-spaces and lets the old one grow to hundreds of MB before a
// full collection, so a web process taking CSV import chunks stood at 250-380 MB,
// mostly garbage (docs/decisions/005-csv-import.md). 8 MB semi-spaces and a
// 256 MB old space keep it near 180 MB, at the price of about a third more CPU
// in the web process during an import, spent in GC (4 MB semi-spaces saved little
// more memory and doubled it);
// 256 MB still parses the largest body the API takes (32 MB). A flag given in
// NODE_OPTIONS or on the command line wins.
const WEB_HEAP_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=256"];

// The primary, a web process too (on 2 cores the only one), keeps V8's default old
// space limit: the job worker runs there too, and running out of heap would take the
// database down with it. V8's default growth lets the heap reach up to 4 times what is
// live before a full collection (424 MB at the peak of bench/import); a 200% growth
// step holds it to about 3 times (306 MB). Its young generation is the larger one that
// serving pages wants: with the forked processes' 8 MB semi-spaces and a 30% step, a
// Contacts page cost 4.1 ms of CPU instead of 3.2, and with a 100% step full
// collections of 12-20 ms came every 0.75 s under bench/contacts, pages in flight being
// promoted (docs/decisions/018-process-memory.md). V8 reads heap flags only as it
// starts, so the process restarts itself in place first (execve: the same pid, so
// `npm start`, containers and signals see no difference).
const PRIMARY_HEAP_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=200"];

// The flags the user gave, not counting those the restart below added.
const ownFlags = process.execArgv.filter((flag) => !PRIMARY_HEAP_FLAGS.includes(flag));
const givenFlags = `${process.env.NODE_OPTIONS ?? ""} ${ownFlags.join(" ")}`;
const missingFlags = (flags) => flags.filter((flag) => !givenFlags.includes(flag.split("=")[0]));
if (!development && cluster.isPrimary && missingFlags(PRIMARY_HEAP_FLAGS).some((flag) => !process.execArgv.includes(flag)) && typeof process.execve === "function") {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...missingFlags(PRIMARY_HEAP_FLAGS), ...process.argv.slice(1)], process.env);
}

// Loaded after the restart above, which would throw away what was loaded before it.
const { default: express } = await import("express");

let vite;
let murmurModule;
if (development) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  murmurModule = await vite.ssrLoadModule("./app/http/app.ts");
} else {
  murmurModule = await import("./build/server/index.js");
}

// boot() validates the environment first: a wrong value (WEB_CONCURRENCY=abc too) stops
// the process here with a message naming it, before anything is started.
const murmur = await murmurModule.boot();
const { env } = murmur;
const webProcesses = development ? 1 : (env.WEB_CONCURRENCY ?? Math.min(Math.max(availableParallelism() - 1, 1), 4));

function log(msg) {
  console.log(JSON.stringify({ level: 30, time: Date.now(), service: "murmur", pid: process.pid, msg }));
}

function requestHandler(serveWeb) {
  const web = express();
  web.disable("x-powered-by");
  if (serveWeb) {
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
  } else {
    // A worker-only container still answers health checks.
    web.use(murmurModule.health);
  }
  return web;
}

// What stop() closes: the server listening on the port (one process), or the
// primary's shared port and, in every web process, the HTTP server fed from it.
let server;
let sharedPort;
let taker;
if (cluster.isPrimary) cluster.setupPrimary({ execArgv: [...ownFlags, ...missingFlags(WEB_HEAP_FLAGS)] });
const forkWeb = () => cluster.fork({ ROLE: "web", DATABASE_URL: process.env.DATABASE_URL, MURMUR_WEB_PROCESS: "1" });

if (cluster.isWorker) {
  taker = murmurModule.takeConnections(requestHandler(true));
  murmurModule.receiveConnections(taker);
  process.send({ murmur: "ready" });
} else if (murmur.serveWeb && webProcesses > 1) {
  const ready = new Set();
  const announceOnceAllServe = () => {
    if (sharedPort?.listening && ready.size === webProcesses - 1) announce();
  };
  cluster.on("message", (worker, message) => {
    if (message?.murmur !== "ready") return;
    ready.add(worker);
    // One started in place of a web process that died says when it takes requests.
    if (announced) log(`web process ${worker.process.pid} is serving`);
    else announceOnceAllServe();
  });
  cluster.on("exit", (worker, code) => {
    ready.delete(worker);
    if (!stopping && !worker.exitedAfterDisconnect) {
      log(`web process ${worker.process.pid} exited with ${code}; starting another`);
      forkWeb();
    }
  });
  taker = murmurModule.takeConnections(requestHandler(true));
  // The primary takes connections as soon as it listens; the others join as they are ready.
  sharedPort = murmurModule.shareConnections({ port: env.PORT, host: env.HOST, own: taker, ready: () => [...ready] });
  sharedPort.on("listening", announceOnceAllServe);
  for (let i = 1; i < webProcesses; i++) forkWeb();
} else {
  server = requestHandler(murmur.serveWeb).listen(env.PORT, env.HOST);
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
  // Stop accepting; the close callback would wait for the connections to end, which drain() hastens.
  sharedPort?.close();
  await taker?.drain();
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
