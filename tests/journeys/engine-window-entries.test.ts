import { describe, expect, test } from "vitest";
import { createSignedInUser } from "../factories.ts";
import { identify, runsOf, statsOf } from "./engine-fixtures.ts";
import {
  daysAfter,
  filterSegment,
  notPerformedWithin,
  performedWithin,
  sweepWindows,
  trackAt,
} from "./engine-window-fixtures.ts";
import { liveJourney, setJourneyState } from "./live-journey.ts";

// Contacts who come to match a journey's filter segment with time alone: no write
// announces them, so the window sweep finds them when the clock passes the moment an
// event leaves "the last N days". The clock is the sweep's `now`, never a real wait.

const steps = [{ id: "pause", type: "wait" as const, seconds: 60 }];
const hour = 1 / 24;

/** A team whose contacts each logged in at the given times, and a journey on "not logged in in the last 7 days". */
async function lapsedLoginJourney(logins: Record<string, Date[]>, reentry?: { mode: "every_time" }) {
  const user = await createSignedInUser();
  for (const [who, times] of Object.entries(logins)) {
    await identify(user.teamId, who, { email: `${who}@murmur.test` });
    for (const at of times) await trackAt(user.teamId, who, "Login", at);
  }
  const segmentId = await filterSegment(user.teamId, [notPerformedWithin("Login", 7)]);
  const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId }, reentry, steps });
  return { teamId: user.teamId, journeyId };
}

describe("entries by time alone: a filter segment's window", () => {
  test("a contact enters once when the clock passes their last event plus N days; one who did it again meanwhile enters at their own boundary", async () => {
    const t0 = new Date();
    const { journeyId } = await lapsedLoginJourney(
      { ana: [daysAfter(t0, -6)], ben: [daysAfter(t0, -6), daysAfter(t0, -1)] },
      { mode: "every_time" },
    );
    await sweepWindows(t0);
    await sweepWindows(daysAfter(t0, 1 - hour));
    expect(await runsOf(journeyId)).toHaveLength(0);

    // Ana's only login leaves the window; Ben's first does too, but he logged in again since.
    await sweepWindows(daysAfter(t0, 1 + hour));
    expect((await runsOf(journeyId)).map((r) => [r.email, r.status])).toEqual([["ana@murmur.test", "active"]]);
    // Still matching and still inside: sweeping on enters nobody again, even on "every time".
    await sweepWindows(daysAfter(t0, 3));
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["ana@murmur.test"]);

    await sweepWindows(daysAfter(t0, 6 + hour));
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["ana@murmur.test", "ben@murmur.test"]);
    expect((await statsOf(journeyId))["@entry"]).toMatchObject({ entered: 2 });
  });

  test("a contact who performs the event before the boundary does not drift in", async () => {
    const t0 = new Date();
    const { teamId, journeyId } = await lapsedLoginJourney({ cy: [daysAfter(t0, -6)] });
    await sweepWindows(t0);
    // Cy logs in again half a day before her first login would have left the window.
    await trackAt(teamId, "cy", "Login", daysAfter(t0, 0.5));
    await sweepWindows(daysAfter(t0, 1 + hour));
    expect(await runsOf(journeyId)).toHaveLength(0);
    await sweepWindows(daysAfter(t0, 7.5 + hour));
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["cy@murmur.test"]);
  });

  test("another team's contacts, with the same event at the same time, enter only their own team's journey", async () => {
    const t0 = new Date();
    const ours = await lapsedLoginJourney({ dee: [daysAfter(t0, -6)] });
    const theirs = await lapsedLoginJourney({ eve: [daysAfter(t0, -6)] });
    await sweepWindows(t0);
    await sweepWindows(daysAfter(t0, 1 + hour));
    expect((await runsOf(ours.journeyId)).map((r) => r.email)).toEqual(["dee@murmur.test"]);
    expect((await runsOf(theirs.journeyId)).map((r) => r.email)).toEqual(["eve@murmur.test"]);
  });

  test("the sweep reads at most a batch at a time and resumes where it stopped, entering each contact once", async () => {
    const t0 = new Date();
    const who = ["fay", "gus", "hal", "ida", "jon"];
    const { journeyId } = await lapsedLoginJourney(Object.fromEntries(who.map((w) => [w, [daysAfter(t0, -6)]])));
    await sweepWindows(t0);
    expect(await sweepWindows(daysAfter(t0, 1 + hour), { limit: 2, journeyId })).toEqual([2, 2, 1]);
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(who.map((w) => `${w}@murmur.test`));
  });

  test("performed within the last N days only ever drifts out: nobody enters by time", async () => {
    const t0 = new Date();
    const user = await createSignedInUser();
    await identify(user.teamId, "kim", { email: "kim@murmur.test" });
    await trackAt(user.teamId, "kim", "Login", daysAfter(t0, -6));
    const segmentId = await filterSegment(user.teamId, [performedWithin("Login", 7)]);
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId }, steps });
    // No source to watch, so no batch either.
    expect(await sweepWindows(daysAfter(t0, 2), { journeyId })).toEqual([]);
    expect(await runsOf(journeyId)).toHaveLength(0);
  });

  test("not in a segment of recent sign-ups: a contact drifts in when their creation leaves the last N days", async () => {
    const t0 = new Date();
    const user = await createSignedInUser();
    await identify(user.teamId, "lou", { email: "lou@murmur.test" });
    const recent = await filterSegment(
      user.teamId,
      [{ type: "field", field: "createdAt", operator: "within_last_days", value: 3 }],
      "Recent",
    );
    const settled = await filterSegment(user.teamId, [{ type: "segment", operator: "not_in", segmentId: recent }]);
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: settled }, steps });
    await sweepWindows(t0);
    await sweepWindows(daysAfter(t0, 2));
    expect(await runsOf(journeyId)).toHaveLength(0);
    await sweepWindows(daysAfter(t0, 3 + hour));
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["lou@murmur.test"]);
  });

  test("a contact who drifts in while the journey is paused does not enter when it resumes", async () => {
    const t0 = new Date();
    const { journeyId } = await lapsedLoginJourney({ max: [daysAfter(t0, -6)], ned: [daysAfter(t0, -4)] });
    await sweepWindows(t0);
    await setJourneyState(journeyId, "paused");
    await sweepWindows(daysAfter(t0, 1 + hour));
    await setJourneyState(journeyId, "live");
    await sweepWindows(daysAfter(t0, 2));
    expect(await runsOf(journeyId)).toHaveLength(0);
    // Ned's login leaves the window after the journey resumed.
    await sweepWindows(daysAfter(t0, 3 + hour));
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["ned@murmur.test"]);
  });
});
