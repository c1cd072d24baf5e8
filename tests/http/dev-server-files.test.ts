import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

// `npm run dev` serves the project's files through Vite with the project's own
// config: what it answers for .data/ (the generated secret key, PostgreSQL's files).
const SECRET = `secret-${randomUUID()}`;
const FOLDER = `.data/dev-server-probe-${randomUUID().slice(0, 8)}`;
let server: ViteDevServer;
let base: string;

beforeAll(async () => {
  await mkdir(FOLDER, { recursive: true });
  await writeFile(`${FOLDER}/secret-key`, SECRET);
  server = await createServer({
    configFile: "vite.config.ts",
    logLevel: "silent",
    server: { host: "127.0.0.1", port: 0, hmr: false },
  });
  await server.listen();
  base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(FOLDER, { recursive: true, force: true });
});

describe("the development server", () => {
  const absolute = path.resolve(FOLDER).split(path.sep).join("/");

  test.each([
    `/${FOLDER}/secret-key`,
    `/${FOLDER}/secret-key?raw`,
    `/${FOLDER}/secret-key?import`,
    `/${FOLDER.replace(".data", "%2Edata")}/secret-key`,
    `/@fs${absolute}/secret-key`,
    `/@fs${absolute}/secret-key?raw`,
  ])("refuses %s with 403 and never shows the file", async (url) => {
    const response = await fetch(base + url);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(SECRET);
  });

  test("still serves the app's sources", async () => {
    const response = await fetch(`${base}/app/root.tsx`);
    expect(response.status).toBe(200);
  });
});
