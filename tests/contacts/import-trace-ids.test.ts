import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { clientInfoOf } from "#app/http/client-info.ts";
import { clientContext } from "#app/http/context.ts";
import { action as importAction } from "#app/routes/api/contacts-import.ts";
import { getDb } from "#db/database.ts";
import { startSearchIndexer } from "#server/contacts/search-indexer.ts";
import { createRequestLog } from "#server/http/request-log.ts";
import { log } from "#server/log.ts";
import { signedIn } from "../factories.ts";
import { bearer, jsonRequest } from "../requests.ts";
import { captureLogLines } from "../log-lines.ts";
import { respond, routeArgs } from "../serve-route.ts";

const lines = captureLogLines();

let indexer: { stop: () => Promise<void> } | undefined;
afterAll(async () => {
  await indexer?.stop();
});

test("an import's chunk requests, its end and the search indexing of its contacts carry the first chunk's trace id", async () => {
  const user = await signedIn();
  const importId = randomUUID();
  const path = "/api/contacts/import";

  // The import API as the app mounts it: the request log, then the route with the client's facts.
  const web = express();
  web.use(createRequestLog(log));
  web.post(path, async (req, res) => {
    const body = await new Promise<string>((resolve) => {
      let text = "";
      req.setEncoding("utf8");
      req.on("data", (part: string) => (text += part));
      req.on("end", () => resolve(text));
    });
    const args = routeArgs(jsonRequest(path, JSON.parse(body), { headers: bearer(user.token) }));
    args.context.set(clientContext, clientInfoOf(req, res));
    const answer = await respond(() => importAction(args));
    res
      .status(answer.status)
      .type("json")
      .send(await answer.text());
  });
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const chunks = [
    { chunkIndex: 0, firstRow: 2, contacts: [{ email: "ana@trace.test" }, { email: "bo@trace.test" }] },
    { chunkIndex: 1, firstRow: 4, contacts: [{ email: "cy@trace.test" }, { email: "not an email" }] },
    { chunkIndex: 2, firstRow: 6, contacts: [{ email: "di@trace.test" }], final: true },
  ];
  const requestIds: string[] = [];
  for (const chunk of chunks) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ importId, segmentName: "Traced", ...chunk }),
    });
    expect(response.status).toBe(200);
    requestIds.push(response.headers.get("X-Request-Id")!);
  }
  server.close();
  const traceId = requestIds[0]!;
  expect(new Set(requestIds).size).toBe(3);

  // The worker's search indexer, in the background, finishes the import's contacts.
  indexer = startSearchIndexer(getDb(), { idleMs: 50 });
  // The indexer works in lanes, each writing its own line; together they name the import's 4 contacts.
  const indexedOfTrace = () =>
    lines
      .filter((line) => line.msg === "contacts indexed for search" && line.traceId === traceId)
      .reduce((sum, line) => sum + (line.contacts as number), 0);
  await expect.poll(indexedOfTrace, { timeout: 20_000 }).toBe(4);

  const requestLines = lines.filter((line) => line.msg === "request" && line.path === path);
  expect(requestLines.map((line) => [line.requestId, line.traceId, line.status])).toEqual(
    requestIds.map((id) => [id, traceId, 200]),
  );
  const ofThisImport = lines.filter((line) => line.importId === importId);
  expect(ofThisImport.map((line) => line.msg)).toEqual([
    "import started",
    "import chunk applied",
    "import chunk applied",
    "import chunk applied",
    "import finished",
  ]);
  for (const line of ofThisImport) expect(line).toMatchObject({ traceId });
  expect(ofThisImport.find((line) => line.msg === "import finished")).toMatchObject({ imported: 4, skipped: 1 });
});
