import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { sql } from "kysely";
import { createDatabase } from "#db/database.ts";
import { type EmbeddedServer, startEmbeddedPostgres } from "#db/embedded.ts";
import { newId } from "#db/ids.ts";
import { createAccount } from "#server/auth/accounts.ts";
import { createCampaign } from "#server/campaigns/campaigns.ts";
import { sendCampaignNow } from "#server/delivery/send-now.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { type BuiltMurmur, readyMurmur, spawnBuiltMurmur } from "./built-murmur.ts";
import { freePort } from "./free-port.ts";
import { newUser } from "./helpers.ts";

// How server.ts lays out its processes (docs/decisions/018-process-memory.md): one
// process unless WEB_CONCURRENCY asks for more; then the primary (database, migrations,
// job worker) forks that many web processes, which share the port through node:cluster.
// These start their own servers on the built app, as `npm run serve` does; no browser is involved.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const DIR = ".data/e2e-processes";
let postgres: EmbeddedServer;
let databaseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await rm(DIR, { recursive: true, force: true });
  postgres = await startEmbeddedPostgres({ dir: DIR, settings: { fsync: "off", synchronous_commit: "off" } });
  await ensureDatabase(postgres.url, "murmur_processes");
  databaseUrl = withDatabase(postgres.url, "murmur_processes");
});

test.afterAll(async () => {
  await postgres?.stop();
  await rm(DIR, { recursive: true, force: true });
});

type Murmur = BuiltMurmur;

function startMurmur(port: number, settings: Record<string, string> = {}): Murmur {
  return spawnBuiltMurmur(port, { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "2", ...settings });
}

async function startedMurmur(settings: Record<string, string> = {}): Promise<Murmur> {
  return readyMurmur(startMurmur(await freePort(), settings), 60_000);
}

/** The web processes a process listing shows under the primary. */
function webProcessesOf(primary: number): number[] {
  const children = readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  return children.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.ts"));
}

/** The processes whose request log shows they answered a health check. */
function processesThatAnsweredHealthChecks(output: string): Set<number> {
  const lines = output.split("\n").filter((line) => line.startsWith("{"));
  const requests = lines.map((line) => JSON.parse(line) as { msg?: string; path?: string; pid?: number });
  return new Set(
    requests.filter((line) => line.msg === "request" && line.path === "/healthz").map((line) => line.pid!),
  );
}

function commandLineOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

/** Answers to new connections (no keep-alive), so each is dealt to a process anew. */
async function healthAnswers(port: number, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: "close" } });
    statuses.push(response.status);
  }
  return statuses;
}

async function stopped(murmur: Murmur): Promise<number | null> {
  murmur.child.kill("SIGTERM");
  return murmur.exited;
}

test("with WEB_CONCURRENCY=2, two web processes answer on one port, each with its own heap, and one that dies is replaced", async () => {
  // At info level the request log says which process answered each request.
  const murmur = await startedMurmur({ LOG_LEVEL: "info" });
  try {
    const web = webProcessesOf(murmur.child.pid!);
    expect(web).toHaveLength(2);
    // The primary runs with the start script's heap flags; the web processes with their own in their place.
    expect(commandLineOf(murmur.child.pid!)).toEqual(
      expect.arrayContaining(["--max-semi-space-size=32", "--heap-growing-percent=200"]),
    );
    for (const pid of web) {
      expect(commandLineOf(pid)).toEqual(
        expect.arrayContaining(["--max-semi-space-size=8", "--max-old-space-size=256"]),
      );
      expect(commandLineOf(pid)).not.toContain("--max-semi-space-size=32");
      expect(commandLineOf(pid)).not.toContain("--heap-growing-percent=200");
    }
    expect(await healthAnswers(murmur.port, 20)).toEqual(Array(20).fill(200));
    await expect.poll(() => processesThatAnsweredHealthChecks(murmur.output())).toEqual(new Set(web));

    const [killed, survivor] = web;
    process.kill(killed!, "SIGKILL");
    await expect.poll(murmur.output).toContain(`web process ${killed} exited`);
    await expect.poll(() => webProcessesOf(murmur.child.pid!).filter((pid) => pid !== killed)).toHaveLength(2);
    const replacement = webProcessesOf(murmur.child.pid!).find((pid) => pid !== survivor)!;
    await expect.poll(murmur.output, { timeout: 30_000 }).toContain(`web process ${replacement} is serving`);
    expect(await healthAnswers(murmur.port, 20)).toEqual(Array(20).fill(200));
  } finally {
    expect(await stopped(murmur)).toBe(0);
  }
  // The primary and both web processes stopped cleanly.
  expect(murmur.output().match(/"msg":"stopped on SIGTERM"/g)).toHaveLength(3);
});

/** The count of answered health checks a /metrics answer reports, over every series of that route. */
function healthChecksCounted(exposition: string): number {
  return exposition
    .split("\n")
    .filter((line) => line.startsWith("murmur_http_requests_total{") && line.includes('route="/healthz"'))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

test("with WEB_CONCURRENCY=2, any web process's /metrics answers for the whole container; without the token it is a 404", async () => {
  const token = "scrape-token-0123456789abcdef";
  const murmur = await startedMurmur({ LOG_LEVEL: "info", METRICS_TOKEN: token });
  try {
    expect(await healthAnswers(murmur.port, 12)).toEqual(Array(12).fill(200));
    // Both web processes answered some of them: no single process's count is the total.
    await expect.poll(() => processesThatAnsweredHealthChecks(murmur.output()).size).toBe(2);

    const scrape = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${murmur.port}/metrics`, { headers: { Connection: "close", ...headers } });
    expect((await scrape({})).status).toBe(404);
    expect((await scrape({ Authorization: "Bearer wrong-token-0123456789abc" })).status).toBe(404);
    // Scrapes on new connections are dealt to either process; each counts all twelve.
    for (let i = 0; i < 4; i++) {
      const answer = await scrape({ Authorization: `Bearer ${token}` });
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(healthChecksCounted(text)).toBe(12);
      expect(text).toMatch(/^murmur_job_queue_depth\{queue="send-chunk"\} \d+$/m);
    }
  } finally {
    expect(await stopped(murmur)).toBe(0);
  }
});

test("on SIGTERM the worker hands back the send job it holds: none is lost or left active, no message goes twice, and the next start finishes the send", async () => {
  // Two messages a second: a send of 24 is still under way when the signal comes.
  const settings = { WEB_CONCURRENCY: "1", SEND_RATE_EMAIL: "2" };
  const db = createDatabase(databaseUrl, { max: 2 });
  try {
    const first = await startedMurmur(settings);
    const { teamId, userId } = await createAccount(db, newUser());
    const access = { teamId, role: "owner" as const, actor: { kind: "person" as const, userId } };
    await db
      .insertInto("contacts")
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          id: newId(),
          teamId,
          email: `reader${i}@murmur.test`,
          name: "Reader",
        })),
      )
      .execute();
    const campaign = await createCampaign(db, {
      access,
      input: {
        name: "Shutdown",
        type: "EMAIL",
        subject: "News",
        content: "<p>News</p>",
        segmentIds: [],
        scheduledTime: "",
      },
    });
    await sendCampaignNow(db, { access, campaignId: campaign.id });
    const outbox = async () =>
      Number(
        (
          await db
            .selectFrom("outboxMessages")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("campaignId", "=", campaign.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const chunkJobStates = async () => {
      const { rows } = await sql<{ state: string }>`
        select state::text from pgboss.job where name = 'send-chunk' and data->>'campaignId' = ${campaign.id}`.execute(
        db,
      );
      return rows.map((row) => row.state);
    };
    await expect.poll(outbox, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await chunkJobStates()).toContain("active");

    const signalled = Date.now();
    expect(await stopped(first)).toBe(0);
    const sentBeforeStop = await outbox();
    // A figure for the reader, not a check: how long the graceful stop took.
    console.log(
      `stopped ${Date.now() - signalled} ms after SIGTERM, ${sentBeforeStop} of 24 sent, send jobs: ${(await chunkJobStates()).join(", ")}`,
    );
    expect(sentBeforeStop).toBeLessThan(24);
    // Handed back (retry) or done, never left active (waiting on its expiry) nor failed for good.
    for (const state of await chunkJobStates()) expect(["created", "retry", "completed"]).toContain(state);
    const statuses = await db.selectFrom("deliveries").select("status").where("campaignId", "=", campaign.id).execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(["sent", "queued"]));

    const second = await startedMurmur(settings);
    try {
      await expect
        .poll(
          async () =>
            (await db.selectFrom("campaigns").select("state").where("id", "=", campaign.id).executeTakeFirstOrThrow())
              .state,
          { timeout: 40_000 },
        )
        .toBe("SENT");
      expect(await outbox()).toBe(24);
    } finally {
      expect(await stopped(second)).toBe(0);
    }
  } finally {
    await db.destroy();
  }
});

test("a second server on a port in use stops with EADDRINUSE", async () => {
  const first = await startedMurmur();
  try {
    const second = startMurmur(first.port);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain("EADDRINUSE");
    expect(await healthAnswers(first.port, 5)).toEqual(Array(5).fill(200));
  } finally {
    expect(await stopped(first)).toBe(0);
  }
});

test("a WEB_CONCURRENCY that is not a number of processes stops the start with a message naming it", async () => {
  const murmur = startMurmur(await freePort(), { WEB_CONCURRENCY: "abc" });

  expect(await murmur.exited).not.toBe(0);
  expect(murmur.output()).toContain("Murmur cannot start, the environment is not valid");
  expect(murmur.output()).toContain("WEB_CONCURRENCY: must be a whole number of processes from 1 to 64");
  expect(murmur.output()).not.toContain("Murmur is ready");
});

/**
 * A login the server has begun and waits to read the body of: sent with
 * `Expect: 100-continue`, on a connection already answered once, and resolved when the
 * server says "100 Continue", which it does once it has the request's headers.
 */
async function loginInProgress(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const healthz = await new Promise<number>((resolve, reject) =>
    http
      .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (response) => resolve(response.resume().statusCode!))
      .on("error", reject),
  );
  expect(healthz).toBe(200);
  const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/auth/login",
    agent,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Expect: "100-continue" },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on("error", reject);
  });
  request.flushHeaders();
  await new Promise((resolve) => request.once("continue", resolve));
  return { finish: () => request.end(body), answer, close: () => agent.destroy() };
}

/**
 * Whether a new connection is refused. One the primary accepts just as the web processes
 * stop listening can be left unanswered until the primary exits (node:cluster's round
 * robin has nobody left to hand it to; two CI runs hung on it): after a second without an
 * answer it counts as not refused yet, and the next try is refused.
 */
async function refusesConnections(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, {
      headers: { Connection: "close" },
      signal: AbortSignal.timeout(1000),
    });
    return false;
  } catch (error) {
    return !(error instanceof DOMException && error.name === "TimeoutError");
  }
}

for (const processes of ["1", "2"]) {
  test(`on SIGTERM a request in progress is answered before the server stops (WEB_CONCURRENCY=${processes})`, async () => {
    const murmur = await startedMurmur({ WEB_CONCURRENCY: processes });
    const login = await loginInProgress(murmur.port);
    try {
      murmur.child.kill("SIGTERM");
      // Stopping is under way everywhere: the port takes no new connection.
      await expect.poll(() => refusesConnections(murmur.port)).toBe(true);

      login.finish();
      const answer = await login.answer;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      expect(await murmur.exited).toBe(0);
    } finally {
      login.close();
      murmur.child.kill("SIGKILL");
    }
    expect(murmur.output().match(/"msg":"stopped on SIGTERM"/g)).toHaveLength(processes === "1" ? 1 : 3);
  });
}
