import { rm } from "node:fs/promises";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { type EmbeddedServer, startEmbeddedPostgres } from "#db/embedded.ts";
import { ensureDatabase, withDatabase } from "#db/start.ts";
import { readyMurmur, spawnBuiltMurmur } from "./built-murmur.ts";
import { freePort } from "./free-port.ts";
import { fillLoginForm, newUser, signUpViaApi } from "./helpers.ts";
import { PAGE_UNAVAILABLE } from "#server/http/unavailable-pages.ts";

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

test("while PostgreSQL is down a page answers 503 with Retry-After and says why, with and without a page load, and serves again once it is back", async ({
  browser,
}) => {
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
  const baseURL = `http://127.0.0.1:${murmur.port}`;
  const client = await playwrightRequest.newContext({ baseURL });
  try {
    const user = newUser();
    await signUpViaApi(client, user);
    // Signed in as the login form does it, so the session is a cookie as in a browser.
    await client.post("/login", {
      form: { email: user.email, password: user.password },
      headers: { Origin: `http://127.0.0.1:${murmur.port}` },
    });
    expect((await client.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
    // A signed-in tab, open before the outage: its next click is a client-side navigation.
    // The Origin the config adds to every request names the suite's own server, not this one.
    const tab = await (await browser.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } })).newPage();
    await tab.goto("/login");
    await fillLoginForm(tab, user.email, user.password);
    await expect(tab).toHaveURL(/\/dashboard$/);
    await tab.goto("/dashboard/contacts");
    await expect(tab.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
    // Hydrated (React has claimed the body), so the click below is the router's, not a page load.
    await tab.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));

    await postgres.stop();
    const during = await client.get("/dashboard", { maxRedirects: 0 });
    expect(during.status()).toBe(503);
    expect(during.headers()["retry-after"]).toBe("2");
    const page = await during.text();
    expect(page).toContain("Murmur is briefly unavailable");
    expect(page).toContain(PAGE_UNAVAILABLE);

    const data = tab.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"), {
      timeout: 15_000,
    });
    await tab.getByRole("link", { name: "Segments" }).first().click();
    expect((await data).status()).toBe(503);
    expect((await data).headers()["retry-after"]).toBe("2");
    await expect(tab.getByRole("heading", { name: "Murmur is briefly unavailable" })).toBeVisible();
    await expect(tab.getByText(PAGE_UNAVAILABLE)).toBeVisible();

    postgres = await startEmbeddedPostgres({ dir: DIR, port: databasePort, settings: SETTINGS });
    await expect
      .poll(async () => (await client.get("/dashboard", { maxRedirects: 0 })).status(), { timeout: 30_000 })
      .toBe(200);
    await tab.getByRole("link", { name: "Try again" }).click();
    await expect(tab).toHaveURL(/\/dashboard\/segments$/);
    await expect(tab.getByRole("heading", { name: "Segments", level: 1 })).toBeVisible();
    expect(murmur.child.exitCode).toBeNull();
    expect(murmur.output()).toContain('"msg":"database unavailable"');
    expect(murmur.output()).not.toContain('"msg":"page failed"');
  } finally {
    await client.dispose();
    murmur.child.kill("SIGKILL");
  }
});
