// HAProxy (Debian's package) in front of the web processes, on loopback: what an
// operator's load balancer does, with health checks on /readyz.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

export type LoadBalancer = { url: string; stop: () => Promise<void> };

/** Where HAProxy is: HAPROXY_BIN, else Debian's /usr/sbin/haproxy, else the PATH. */
export function haproxyBinary(): string {
  if (process.env.HAPROXY_BIN) return process.env.HAPROXY_BIN;
  return existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";
}

/**
 * The configuration. Why each part:
 * - health checks on /readyz every 500 ms: a web process whose database is gone, or
 *   that is starting, gets no requests after three failed checks (one slow answer on a
 *   busy machine is not enough); one that died is out at its first refused connection
 *   (`observe layer4`), and back at its first good check;
 * - `retry-on conn-failure empty-response` with `option redispatch`: a request sent to
 *   a process that was just killed, or that closed a kept-alive connection as it
 *   stopped, goes to another process instead of failing. The API's writes are
 *   idempotent (events by messageId, import chunks by import id and index), so
 *   a request retried after its process died mid-way is applied once. L7 retries
 *   need the whole request in a buffer, hence the 2 MB buffers (an import chunk of
 *   5,000 rows is about 0.5 MB);
 * - `option forwardfor`: the processes run with TRUST_PROXY=1, so rate limits see the client.
 */
export function haproxyConfig(options: { port: number; servers: { name: string; port: number }[] }): string {
  return [
    "global",
    "  maxconn 2000",
    "  tune.bufsize 2097152",
    "defaults",
    "  mode http",
    "  option forwardfor",
    "  option http-buffer-request",
    "  option redispatch 1",
    "  retries 5",
    "  retry-on conn-failure empty-response",
    "  timeout connect 2s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  timeout http-request 60s",
    "  timeout queue 30s",
    // A readiness answer waits for a pooled connection like any request: slow on a busy machine, not a failure.
    "  timeout check 5s",
    "frontend murmur",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend web",
    "backend web",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 3 rise 1 observe layer4 error-limit 1 on-error mark-down",
    ...options.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    "",
  ].join("\n");
}

/** Writes the configuration into `dir` and runs HAProxy in the foreground until `stop`. */
export async function startHaproxy(options: {
  dir: string;
  port: number;
  servers: { name: string; port: number }[];
}): Promise<LoadBalancer> {
  const file = path.join(options.dir, "haproxy.cfg");
  await writeFile(file, haproxyConfig(options));
  const child: ChildProcess = spawn(haproxyBinary(), ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with code ${child.exitCode}: ${errors.trim()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`HAProxy did not serve /readyz within 15 s: ${errors.trim()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await ended;
    },
  };
}
