import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { action as sendAction } from "#app/routes/dashboard/broadcast-send.tsx";
import { getDb } from "#db/database.ts";
import { getCampaign } from "#server/campaigns/campaigns.ts";
import { createRequestLog } from "#server/http/request-log.ts";
import { startWorker, type Worker } from "#server/jobs/worker.ts";
import { log } from "#server/log.ts";
import { captureLogLines } from "../log-lines.ts";
import { ORIGIN } from "../requests.ts";
import { serveDashboard } from "../serve-route.ts";
import { signedIn } from "../factories.ts";
import { addContacts, draftCampaign, staticSegment, testSettings } from "./fixtures.ts";

const lines = captureLogLines();

let worker: Worker | undefined;
afterAll(async () => {
  await worker?.stop();
});

test("the request that sends a campaign and the worker's lines for that send carry one trace id", async () => {
  const user = await signedIn();
  const contacts = await addContacts(user.teamId, [{}, {}, {}]);
  const campaign = await draftCampaign(user.teamId, { segmentIds: [await staticSegment(user.teamId, contacts)] });
  const path = `/dashboard/broadcasts/${campaign.id}/send`;

  // "Send now" pressed, through the process's request log as the app mounts it.
  const web = express();
  web.use(createRequestLog(log));
  web.post(path, async (_req, res) => {
    const request = new Request(ORIGIN + path, { method: "POST", headers: user.cookie, body: new URLSearchParams() });
    const answer = await serveDashboard(sendAction, request, { id: campaign.id }, { requestId: res.locals.requestId });
    res.status(answer.status).end();
  });
  const server = web.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, {
    method: "POST",
    redirect: "manual",
  });
  server.close();
  expect(response.status).toBe(302);
  const traceId = response.headers.get("X-Request-Id")!;

  worker = await startWorker(process.env.DATABASE_URL!, { db: getDb(), delivery: testSettings() });
  await expect
    .poll(async () => (await getCampaign(getDb(), { teamId: user.teamId, campaignId: campaign.id })).state, {
      timeout: 30_000,
    })
    .toBe("SENT");

  const requestLine = lines.find((line) => line.msg === "request" && line.path === path);
  expect(requestLine).toMatchObject({ requestId: traceId, status: 302 });
  const ofThisSend = () => lines.filter((line) => line.campaignId === campaign.id);
  // The chunk job says it is done once its transaction has committed SENT: a moment after.
  await expect
    .poll(() => ofThisSend().map((line) => line.msg))
    .toEqual(expect.arrayContaining(["campaign recipients resolved", "send chunk done"]));
  for (const line of ofThisSend()) expect(line).toMatchObject({ traceId });
});
