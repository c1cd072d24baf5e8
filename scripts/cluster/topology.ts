// The cluster topology: one PostgreSQL, 3 web processes (ROLE=web) and 2 workers
// (ROLE=worker) of the built app, HAProxy on loopback in front of the web processes.
// Everything lives in a temporary directory that `stop` removes.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase } from "#db/database.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "#db/embedded.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { freePort } from "../../e2e/free-port.ts";
import { type LoadBalancer, startHaproxy } from "./haproxy.ts";
import { type MurmurProcess, murmurProcess } from "./murmur-process.ts";

export type TopologyOptions = {
  webProcesses?: number;
  workers?: number;
  /** Consecutive loopback ports from here (HAProxy, web processes, workers, PostgreSQL); free ones when absent. */
  basePort?: number;
  /** An existing PostgreSQL; the embedded one is started on its own otherwise (and can then be restarted). */
  databaseUrl?: string;
  /** Extra environment for every Murmur process (sending settings, for instance). */
  env?: Record<string, string>;
};

export type Topology = {
  url: string;
  databaseUrl: string;
  dir: string;
  /** The environment every Murmur process runs with (the secrets they share among it). */
  env: Record<string, string>;
  web: MurmurProcess[];
  workers: MurmurProcess[];
  /** Stops PostgreSQL (fast shutdown: sessions are ended) and resolves once it is down. Embedded only. */
  stopPostgres: () => Promise<void>;
  /** Starts it again on the same data directory and port. */
  startPostgres: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Starts the whole topology and resolves once HAProxy serves a ready web process. */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  if (!existsSync("build/server/index.js")) throw new Error("Build the app first: npm run build");
  const dir = await mkdtemp(path.join(tmpdir(), "murmur-cluster-"));
  // As root the embedded server runs as its own `postgres` user, which must reach its directory inside.
  await chmod(dir, 0o755);
  const webCount = options.webProcesses ?? 3;
  const workerCount = options.workers ?? 2;
  let next = options.basePort;
  const port = async () => (next === undefined ? freePort() : next++);
  const balancerPort = await port();
  const webPorts = await inTurn(webCount, port);
  const workerPorts = await inTurn(workerCount, port);
  const postgresPort = await port();

  let embedded: EmbeddedServer | undefined;
  const postgresDir = path.join(dir, "postgres");
  // Durability is not what is tested (restarts are clean shutdowns), and CI time is.
  const settings = { max_connections: "300", fsync: "off", full_page_writes: "off", shared_buffers: "256MB" };
  const startPostgres = async () => {
    embedded = await startEmbeddedPostgres({ dir: postgresDir, port: postgresPort, settings });
  };
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    await startPostgres();
    await ensureDatabase(embedded!.url, "murmur");
    databaseUrl = withDatabase(embedded!.url, "murmur");
  }
  // Migrated once, here, before any process starts: each then finds nothing to apply.
  const db = createDatabase(databaseUrl, { max: 1 });
  await migrateToLatest(db);
  await db.destroy();

  // Every process must read the same secrets: channel passwords sealed by one are opened by another.
  const env: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, "data"),
    MURMUR_SECRET_KEY: randomBytes(32).toString("base64"),
    TRACKING_SECRET: randomBytes(32).toString("hex"),
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const web = webPorts.map((webPort, i) =>
    murmurProcess({ name: `web${i + 1}`, role: "web", port: webPort, env, logFile: path.join(dir, `web${i + 1}.log`) }),
  );
  const workers = workerPorts.map((workerPort, i) =>
    murmurProcess({
      name: `worker${i + 1}`,
      role: "worker",
      port: workerPort,
      env,
      logFile: path.join(dir, `worker${i + 1}.log`),
    }),
  );
  let balancer: LoadBalancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all([...web, ...workers].map((process) => process.stop("SIGTERM")));
    await embedded?.stop();
    if (!process.env.CLUSTER_KEEP_DIR) await rm(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all([...web, ...workers].map((process) => process.start()));
    balancer = await startHaproxy({
      dir,
      port: balancerPort,
      servers: web.map((process) => ({ name: process.name, port: process.port })),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: balancer.url,
    databaseUrl,
    dir,
    env,
    web,
    workers,
    stopPostgres: async () => {
      if (!embedded) throw new Error("Only the embedded PostgreSQL can be restarted");
      await embedded.stop();
    },
    startPostgres,
    stop,
  };
}

async function inTurn<T>(count: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < count; i++) made.push(await make());
  return made;
}
