import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import { expect, test } from "@playwright/test";
import { type BuiltMurmur, readyMurmur, spawnBuiltMurmur } from "./built-murmur.ts";
import { freePort } from "./free-port.ts";

// Bodies far past the limit, sent to a built server of its own (one process, so its
// memory is the one read): the answer is a 413 while the body is still streaming, and
// the process neither buffers the body nor stops serving. No browser is involved.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const DIR = ".data/e2e-request-bodies";
const TWO_GB = 2 * 1024 * 1024 * 1024;
const MB = 1024 * 1024;

let murmur: BuiltMurmur;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await rm(DIR, { recursive: true, force: true });
  const port = await freePort();
  murmur = await readyMurmur(spawnBuiltMurmur(port, { DATA_DIR: DIR, DATABASE_URL: "", WEB_CONCURRENCY: "1" }), 90_000);
});

test.afterAll(async () => {
  if (murmur) {
    murmur.child.kill("SIGTERM");
    expect(await murmur.exited).toBe(0);
  }
  await rm(DIR, { recursive: true, force: true });
});

/** `bytes` of body made as they are sent, never held: the same 64 KB block over and over. */
function generatedBody(bytes: number, fill = "a"): Readable {
  const block = Buffer.alloc(64 * 1024, fill);
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const next = left >= block.length ? block : block.subarray(0, left);
      left -= next.length;
      this.push(next);
    },
  });
}

type Answer = { status: number; contentType: string; text: string };

/**
 * POSTs a generated body and takes the answer whenever it comes, even while the body
 * is still being sent. Without `declare`, the body goes chunked, with no length.
 */
function post(
  path: string,
  bytes: number,
  options: { declare?: boolean; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.declare) headers["Content-Length"] = String(bytes);
    const req = httpRequest({ host: "127.0.0.1", port: murmur.port, method: "POST", path, headers });
    const body = generatedBody(bytes);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode!, contentType: String(res.headers["content-type"]), text });
        body.unpipe(req);
        body.destroy();
        req.destroy();
      });
    });
    // Sending fails once the server closes the connection: the answer, not the failure, is the result.
    req.on("error", (error) => setTimeout(() => reject(error), 5_000));
    body.pipe(req);
  });
}

function residentMemoryBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(/(\d+)/.exec(line)![1]) * 1024;
}

async function health(): Promise<number> {
  return (await fetch(`http://127.0.0.1:${murmur.port}/healthz`)).status;
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };
const PAGE_MESSAGE = "The request body is too large: at most 1 MB can be sent here.";

test("2 GB bodies to the login page, the API and the tracking API are refused with 413 while they stream, and the server stays small and alive", async () => {
  const before = residentMemoryBytes(murmur.child.pid!);

  const declared = await post("/login", TWO_GB, { declare: true, headers: FORM });
  expect(declared.status).toBe(413);
  expect(declared.contentType).toMatch(/^text\/html/);
  expect(declared.text).toContain(PAGE_MESSAGE);

  const chunked = await post("/login", TWO_GB, { headers: FORM });
  expect(chunked.status).toBe(413);
  expect(chunked.text).toContain(PAGE_MESSAGE);

  for (const declare of [true, false]) {
    const answer = await post("/api/auth/login", TWO_GB, { declare, headers: JSON_TYPE });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(answer.text)).toEqual({ message: PAGE_MESSAGE });
  }

  const declaredToApi = await post("/api/contacts", TWO_GB, { declare: true, headers: JSON_TYPE });
  expect(declaredToApi.status).toBe(413);
  expect(JSON.parse(declaredToApi.text)).toEqual({ message: PAGE_MESSAGE });

  const declaredToTracking = await post("/v1/batch", TWO_GB, { declare: true, headers: JSON_TYPE });
  expect(declaredToTracking.status).toBe(413);
  expect(JSON.parse(declaredToTracking.text)).toEqual({ message: PAGE_MESSAGE });
  // Streamed, the tracking API's own smaller limit answers first, as Segment's does (400).
  const streamedToTracking = await post("/v1/batch", TWO_GB, { headers: JSON_TYPE });
  expect(streamedToTracking.status).toBe(400);
  expect(JSON.parse(streamedToTracking.text)).toMatchObject({
    success: false,
    message: expect.stringContaining("A batch may be at most 500 KB"),
  });

  expect(await health()).toBe(200);
  const grown = residentMemoryBytes(murmur.child.pid!) - before;
  expect(grown).toBeLessThan(64 * MB);
});

test("a body a little past the limit is cut off where the limit is, not only at 2 GB", async () => {
  const answer = await post("/signup", MB + 1, { headers: FORM });
  expect(answer.status).toBe(413);
  expect(answer.text).toContain(PAGE_MESSAGE);
  expect(await health()).toBe(200);
});

test("the import API keeps its larger limit: 5 MB reaches the route, and a body past 32 MB is cut off there", async () => {
  const signup = await fetch(`http://127.0.0.1:${murmur.port}/api/auth/signup`, {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({
      email: `bodies-${Date.now()}@example.com`,
      password: "correct horse battery",
      name: "Body Limits",
    }),
  });
  expect(signup.status).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const authorized = { ...JSON_TYPE, Authorization: `Bearer ${token}` };

  // Read whole by the route, which finds no JSON in it: past the 1 MB default, within its own limit.
  const allowed = await post("/api/contacts/import", 5 * MB, { headers: authorized });
  expect(allowed.status).toBe(400);
  expect(JSON.parse(allowed.text)).toEqual({ message: "The request body must be valid JSON." });

  const streamed = await post("/api/contacts/import", 40 * MB, { headers: authorized });
  expect(streamed.status).toBe(413);
  expect(JSON.parse(streamed.text)).toEqual({
    message: "The request body is too large: at most 32 MB can be sent here.",
  });

  const declared = await post("/api/contacts/import", 40 * MB, { declare: true, headers: JSON_TYPE });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.text)).toEqual({
    message: "The request body is too large: at most 32 MB can be sent here.",
  });
  expect(await health()).toBe(200);
});

test("a body under the limit reaches the route as before", async () => {
  const response = await fetch(`http://127.0.0.1:${murmur.port}/api/auth/login`, {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ email: "nobody@example.com", password: "x".repeat(500_000) }),
  });
  expect(response.status).toBe(400);
  expect((await response.json()).message).not.toContain("too large");
});
