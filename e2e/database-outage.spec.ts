import { rm } from "node:fs/promises";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { type EmbeddedServer, startEmbeddedPostgres } from "#db/embedded.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { readyMurmur, spawnBuiltMurmur } from "./built-murmur.ts";
import { freePort } from "./free-port.ts";
import { newUser, signUpViaApi } from "./helpers.ts";

// A page whose database is briefly gone (a restart, a failover) answers as the API does:
// 503 with Retry-After, which a load balancer and a retrying client treat as passing,
// rather than a 500 that says the page is broken. The server itself stays up.
test.describe.configure({ timeout: 120_000 });

const DIR = ".data/e2e-outage";
const SETTINGS = { fsync: "off", synchronous_commit: "off" };
let postgres: EmbeddedServer | undefined;

test.afterAll(async () => {
  await postgres?.stop();
  await rm(DIR, { recursive: true, force: true });
});

test("while PostgreSQL is down a page answers 503 with Retry-After, and serves again once it is back", async () => {
  await rm(DIR, { recursive: true, force: true });
  const databasePort = await freePort();
  postgres = await startEmbeddedPostgres({ dir: DIR, port: databasePort, settings: SETTINGS });
  await ensureDatabase(postgres.url, "murmur_outage");
  const murmur = await readyMurmur(
    spawnBuiltMurmur(await freePort(), {
      DATABASE_URL: withDatabase(postgres.url, "murmur_outage"),
      WEB_CONCURRENCY: "1",
    }),
    60_000,
  );
  const browser = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${murmur.port}` });
  try {
    const user = newUser();
    await signUpViaApi(browser, user);
    // Signed in as the login form does it, so the session is a cookie as in a browser.
    await browser.post("/login", {
      form: { email: user.email, password: user.password },
      headers: { Origin: `http://127.0.0.1:${murmur.port}` },
    });
    expect((await browser.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);

    await postgres.stop();
    const during = await browser.get("/dashboard", { maxRedirects: 0 });
    expect(during.status()).toBe(503);
    expect(during.headers()["retry-after"]).toBe("2");
    expect(await during.text()).toContain("Please try again.");

    postgres = await startEmbeddedPostgres({ dir: DIR, port: databasePort, settings: SETTINGS });
    await expect
      .poll(async () => (await browser.get("/dashboard", { maxRedirects: 0 })).status(), { timeout: 30_000 })
      .toBe(200);
    expect(murmur.child.exitCode).toBeNull();
    expect(murmur.output()).toContain('"msg":"database unavailable"');
    expect(murmur.output()).not.toContain('"msg":"page failed"');
  } finally {
    await browser.dispose();
    murmur.child.kill("SIGKILL");
  }
});
