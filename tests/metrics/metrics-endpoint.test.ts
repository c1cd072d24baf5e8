import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { importChunk, startImport } from "#server/contacts/import.ts";
import { createRequestLog } from "#server/http/request-log.ts";
import { exposeMetrics } from "#server/metrics/expose-metrics.ts";
import {
  addContacts,
  chunkWorker,
  draftCampaign,
  sendAllChunks,
  sendQueues,
  staticSegment,
} from "../delivery/fixtures.ts";
import { basicAuth, createTrackingTeam, postTracking } from "../events/fixtures.ts";
import { parseExposition, sampleValue } from "./exposition.ts";
import { ownerAccess } from "../team-access.ts";

const TOKEN = "scraper-token-0123456789";
const queues = sendQueues();

// The middleware as the app mounts it: the request log (counting requests), then /metrics, then the routes.
let base = "";
let close = () => {};
beforeAll(async () => {
  const web = express();
  web.use(
    createRequestLog(pino({ level: "silent" }), {
      routeOf: (path) => (path.startsWith("/contacts/") ? "/contacts/:id" : "unmatched"),
    }),
  );
  web.use(exposeMetrics(TOKEN));
  web.get("/contacts/:id", (_req, res) => void res.send("a contact"));
  web.use((_req, res) => void res.status(404).send("Not found"));
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function scrape() {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
}

describe("/metrics", () => {
  test("without the token, with a wrong one, or with none set, /metrics is the app's 404", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).toBe("Not found");

    const unset = express()
      .use(exposeMetrics(undefined))
      .use((_req, res) => void res.sendStatus(404));
    const server = unset.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: "Bearer " } });
    server.close();
    expect(answer.status).toBe(404);
  });

  test("a scrape after requests, an event batch, an import chunk and a campaign sent to the outbox counts each of them", async () => {
    const before = await scrape();
    const count = (samples: typeof before, name: string, labels: Record<string, string> = {}) =>
      sampleValue(samples, name, labels) ?? 0;

    // Two requests to one route under different ids: one series, by pattern.
    expect((await fetch(`${base}/contacts/0c1f7a`)).status).toBe(200);
    expect((await fetch(`${base}/contacts/9b2e44`)).status).toBe(200);
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);

    const tracking = await createTrackingTeam();
    const track = (n: number) => ({ type: "track", event: "Viewed", userId: `u${n}`, messageId: `m${n}` });
    const batch = await postTracking("batch", { batch: [track(1), track(2), track(3)] }, basicAuth(tracking.writeKey));
    expect(batch.status).toBe(200);

    const { id: importId } = await startImport(getDb(), { access: await ownerAccess(tracking.teamId) });
    await importChunk(getDb(), {
      teamId: tracking.teamId,
      importId,
      chunkIndex: 0,
      firstRowNumber: 2,
      rows: [{ email: "ada@murmur.test" }, { email: "grace@murmur.test" }, { email: "not an address" }],
    });

    const contacts = await addContacts(tracking.teamId, [{}, {}, {}, {}]);
    const campaign = await draftCampaign(tracking.teamId, {
      segmentIds: [await staticSegment(tracking.teamId, contacts)],
    });
    await sendAllChunks(queues.boss, { teamId: tracking.teamId, campaignId: campaign.id, worker: chunkWorker() });

    const after = await scrape();
    const added = (name: string, labels: Record<string, string> = {}) =>
      count(after, name, labels) - count(before, name, labels);

    const contactPage = { route: "/contacts/:id", method: "GET", status: "200" };
    expect(added("murmur_http_requests_total", contactPage)).toBe(2);
    expect(added("murmur_http_request_duration_seconds_count", contactPage)).toBe(2);
    expect(added("murmur_http_request_duration_seconds_bucket", { ...contactPage, le: "+Inf" })).toBe(2);
    expect(added("murmur_http_requests_total", { route: "unmatched", status: "404" })).toBe(1);
    // No series carries a raw id.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes("0c1f7a")))).toBe(false);

    expect(added("murmur_events_ingested_total")).toBe(3);
    expect(added("murmur_import_rows_total", { outcome: "imported" })).toBe(2);
    expect(added("murmur_import_rows_total", { outcome: "skipped" })).toBe(1);
    expect(added("murmur_messages_sent_total", { channel: "EMAIL" })).toBe(4);
    expect(added("murmur_messages_failed_total", { channel: "EMAIL", retry: "false" })).toBe(0);

    // Figures read at scrape time: the pool's connections and pg-boss's queues, every queue named.
    expect(count(after, "murmur_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    expect(sampleValue(after, "murmur_db_pool_connections", { state: "waiting" })).toBe(0);
    // The campaign's chunks were sent by the test, not a job runner: their jobs still wait in the queue.
    expect(sampleValue(after, "murmur_job_queue_depth", { queue: "send-chunk" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, "murmur_job_queue_oldest_age_seconds", { queue: "send-chunk" })).toBeGreaterThanOrEqual(
      0,
    );
    expect(sampleValue(after, "murmur_job_queue_depth", { queue: "campaign-start" })).toBe(0);
    expect(sampleValue(after, "murmur_nodejs_eventloop_lag_seconds")).toBeTypeOf("number");
    expect(sampleValue(after, "murmur_process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});
