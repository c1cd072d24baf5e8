import { defineConfig } from "@playwright/test";
import { E2E_TWILIO_URL } from "./e2e/provider-fakes.ts";
import { E2E_TRACKING_SECRET } from "./e2e/tracking-links.ts";

// E2E_PORT lets several checkouts run their suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

// End-to-end against the built app (`npm run test:e2e` builds first) on a fresh
// embedded PostgreSQL, in Debian's Chromium, once with JavaScript and once without:
// every form must work as plain HTML.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The JSON report feeds the one-line summary that .ci/run prints.
  reporter: [[process.env.CI ? "dot" : "list"], ["json", { outputFile: "test-results/e2e.json" }]],
  // Kept apart from the reports: Playwright empties this folder at every run.
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./e2e/provider-fakes.ts",
  // A test is a user's whole flow, up to some forty steps. On a loaded 2-core machine a page
  // load or a new browser page takes one to three seconds, and the campaign flow in
  // broadcasts.spec.ts measured 31 s there, every step slow alike and none stuck: 30 s made the
  // longest flows fail by the machine's speed. Flows with a second browser or a send set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // page.request shares the browser's session cookie but is no browser and sends no
    // Origin, which the API requires of calls signed in by that cookie
    // (server/http/cross-site.ts). This is the Origin Chromium sends for the app's own
    // requests anyway.
    extraHTTPHeaders: { Origin: baseURL },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // *.no-js.spec.ts covers what a page does only without JavaScript (a form's own submission).
    { name: "javascript", use: { javaScriptEnabled: true }, testIgnore: [/\.no-js\.spec\.ts$/] },
    // *.js-only.spec.ts covers behaviour that exists only with JavaScript (browser-side CSV mapping);
    // server-processes, request-bodies and database-outage specs drive no browser, so once is enough.
    {
      name: "no-javascript",
      use: { javaScriptEnabled: false },
      testIgnore: [
        /\.js-only\.spec\.ts$/,
        /server-processes\.spec\.ts$/,
        /request-bodies\.spec\.ts$/,
        /database-outage\.spec\.ts$/,
      ],
    },
  ],
  webServer: {
    command: "rm -rf .data/e2e && node server.ts",
    url: `${baseURL}/readyz`,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: ".data/e2e",
      // Empty means unset: always the throwaway embedded database, never one from the shell.
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // Known to the specs, so they can sign the links a sent email would carry (e2e/tracking-links.ts).
      TRACKING_SECRET: E2E_TRACKING_SECRET,
      // Every spec signs up its own people, all from 127.0.0.1.
      SIGNUPS_PER_IP_PER_HOUR: "100000",
      // Provider addresses are the operator's setting: here the fake both projects share.
      TWILIO_BASE_URL: E2E_TWILIO_URL,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets server.ts stop its embedded PostgreSQL cleanly.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
