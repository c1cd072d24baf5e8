import { describe, expect, test } from "vitest";
import { createSignedInUser } from "../factories.ts";
import {
  addContacts,
  chunkWorker,
  draftCampaign,
  sendAllChunks,
  sendQueues,
  staticSegment,
} from "../delivery/fixtures.ts";
import { runsOf } from "./engine-fixtures.ts";
import { filterSegment } from "./engine-window-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// A filter segment on having received a message changes as the send pipeline records
// its answers: the journeys it starts are entered in the transaction that records them.

const queues = sendQueues();
const steps = [{ id: "pause", type: "wait" as const, seconds: 60 }];
const received = (operator: "received" | "not_received", campaignId: string | null) => ({
  type: "engagement",
  operator,
  campaignId,
  window: { type: "last_days", days: 30 },
});

describe("entries on messages sent", () => {
  test("sending a campaign enters the journeys of segments on having received it; its other recipients' segments are unmoved", async () => {
    const { teamId } = await createSignedInUser();
    const [ada, grace, linus] = await addContacts(teamId, [
      { email: "ada@murmur.test" },
      { email: "grace@murmur.test" },
      { email: "linus@murmur.test" },
    ]);
    const launch = await draftCampaign(teamId, { segmentIds: [await staticSegment(teamId, [ada!, grace!])] });
    const other = await draftCampaign(teamId, { segmentIds: [await staticSegment(teamId, [linus!], "Others")] });
    const gotLaunch = await filterSegment(teamId, [received("received", launch.id)], "Got the launch");
    const missedLaunch = await filterSegment(teamId, [received("not_received", launch.id)], "Missed the launch");
    const launchJourney = await liveJourney(teamId, { entry: { type: "segment", segmentId: gotLaunch }, steps });
    const missedJourney = await liveJourney(teamId, { entry: { type: "segment", segmentId: missedLaunch }, steps });

    await sendAllChunks(queues.boss, { teamId, campaignId: other.id, worker: chunkWorker() });
    expect(await runsOf(launchJourney)).toHaveLength(0);

    await sendAllChunks(queues.boss, { teamId, campaignId: launch.id, worker: chunkWorker() });
    expect((await runsOf(launchJourney)).map((run) => run.email)).toEqual(["ada@murmur.test", "grace@murmur.test"]);
    // Receiving never makes "did not receive" true.
    expect(await runsOf(missedJourney)).toHaveLength(0);
  });
});
