// Murmur's process entry. `npm start` runs it on the production build; `npm run dev`
// (NODE_ENV=development) serves the sources through Vite with hot reload.
import express from "express";

const development = process.env.NODE_ENV === "development";

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
const web = express();
web.disable("x-powered-by");
if (murmur.serveWeb) {
  if (vite) {
    web.use(vite.middlewares);
  } else {
    // Hashed asset names never change content, so they can be cached for a year.
    web.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    web.use(express.static("build/client", { maxAge: "1h", index: false }));
  }
  web.use(murmurModule.app);
} else {
  // A worker-only container still answers health checks.
  web.use(murmurModule.health);
}
const server = web.listen(env.PORT, env.HOST, () => {
  const shown = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  const what = murmur.serveWeb ? "Murmur is ready at" : "Murmur worker health checks at";
  console.log(JSON.stringify({ level: 30, time: Date.now(), service: "murmur", msg: `${what} http://${shown}:${env.PORT}` }));
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const timer = setTimeout(() => process.exit(1), 20_000);
  timer.unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  await vite?.close();
  await murmur.shutdown();
  console.log(JSON.stringify({ level: 30, time: Date.now(), service: "murmur", msg: `stopped on ${signal}` }));
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
