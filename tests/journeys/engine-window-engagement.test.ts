import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { addContactsToSegment } from "#server/segments/segments.ts";
import { recordClick, recordOpen } from "#server/tracking/record-hit.ts";
import { unsubscribeByAddress, unsubscribeRecipient } from "#server/tracking/unsubscribe.ts";
import { createSignedInUser } from "../factories.ts";
import { staticSegment } from "../delivery/fixtures.ts";
import { ownerAccess } from "../team-access.ts";
import { createSentCampaign } from "../tracking/fixtures.ts";
import { identify, runsOf, track } from "./engine-fixtures.ts";
import { filterSegment } from "./engine-window-fixtures.ts";
import { liveJourney } from "./live-journey.ts";

// Filter segments whose members change by writes other than the contact's own:
// an open or a click, joining a static segment the filter names, an event counted
// by a filter segment the filter names. Each enters in the transaction of that write.

const steps = [{ id: "pause", type: "wait" as const, seconds: 60 }];
const PERSON = {
  userAgent:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  ip: "198.51.100.7",
};
/** Apple's privacy proxy fetching the pixel: a machine's open. */
const APPLE_PROXY = { userAgent: "Mozilla/5.0", ip: "17.1.2.3" };

const engaged = (operator: "opened" | "clicked") => ({
  type: "engagement",
  operator,
  campaignId: null,
  window: { type: "last_days", days: 30 },
});

const contactIdOf = async (teamId: string, email: string) =>
  (
    await getDb()
      .selectFrom("contacts")
      .select("id")
      .where("teamId", "=", teamId)
      .where("email", "=", email)
      .executeTakeFirstOrThrow()
  ).id;

describe("entries by engagement and membership", () => {
  test("a person's open or click enters the journeys of segments on opening or clicking; a machine's open does not", async () => {
    const user = await createSignedInUser();
    const { recipients } = await createSentCampaign(user.teamId, { recipients: 3 });
    const [reader, proxied, clicker] = recipients;
    const openers = await filterSegment(user.teamId, [engaged("opened")], "Openers");
    const clickers = await filterSegment(user.teamId, [engaged("clicked")], "Clickers");
    const openersJourney = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: openers }, steps });
    const clickersJourney = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: clickers }, steps });

    await recordOpen(getDb(), { ...PERSON, deliveryId: reader!.deliveryId });
    await recordOpen(getDb(), { ...APPLE_PROXY, deliveryId: proxied!.deliveryId });
    expect((await runsOf(openersJourney)).map((r) => r.contactId)).toEqual([reader!.contactId]);
    expect(await runsOf(clickersJourney)).toHaveLength(0);

    // A click is an open too.
    await recordClick(getDb(), {
      ...PERSON,
      deliveryId: clicker!.deliveryId,
      linkIndex: 0,
      url: "https://example.com/",
      method: "GET",
    });
    expect((await runsOf(clickersJourney)).map((r) => r.contactId)).toEqual([clicker!.contactId]);
    expect((await runsOf(openersJourney)).map((r) => r.contactId).sort()).toEqual(
      [reader!.contactId, clicker!.contactId].sort(),
    );
  });

  test("unsubscribing (the link, an SMS STOP) enters the journeys of segments on being unsubscribed from that channel", async () => {
    const user = await createSignedInUser();
    const { recipients } = await createSentCampaign(user.teamId, { recipients: 2 });
    const [leaver, stayer] = recipients;
    const { recipients: texted } = await createSentCampaign(user.teamId, { type: "SMS", recipients: 1 });
    const unsubscribed = (channel: string) => [{ type: "subscription", operator: "unsubscribed", channel }];
    const emailLeavers = await filterSegment(user.teamId, unsubscribed("email"), "Left email");
    const smsLeavers = await filterSegment(user.teamId, unsubscribed("sms"), "Left SMS");
    const emailJourney = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: emailLeavers }, steps });
    const smsJourney = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: smsLeavers }, steps });

    const target = { teamId: user.teamId, contactId: leaver!.contactId, deliveryId: leaver!.deliveryId };
    await unsubscribeRecipient(getDb(), { target: { ...target, channel: "EMAIL" }, source: "link" });
    expect((await runsOf(emailJourney)).map((r) => r.contactId)).toEqual([leaver!.contactId]);
    expect(await runsOf(smsJourney)).toHaveLength(0);
    // The link used again changes nothing, and enters no one again.
    await unsubscribeRecipient(getDb(), { target: { ...target, channel: "EMAIL" }, source: "one_click" });
    expect(await runsOf(emailJourney)).toHaveLength(1);

    await unsubscribeByAddress(getDb(), {
      teamId: user.teamId,
      channel: "SMS",
      address: texted[0]!.address,
      source: "sms_stop",
    });
    expect((await runsOf(smsJourney)).map((r) => r.contactId)).toEqual([texted[0]!.contactId]);
    expect((await runsOf(emailJourney)).map((r) => r.contactId)).not.toContain(stayer!.contactId);
  });

  test("joining a static segment enters the journey of a filter segment that names it, if the rest of its filter holds", async () => {
    const user = await createSignedInUser();
    await identify(user.teamId, "pat", { email: "pat@murmur.test", plan: "pro" });
    await identify(user.teamId, "quinn", { email: "quinn@murmur.test", plan: "free" });
    const beta = await staticSegment(user.teamId, [], "Beta testers");
    const proBeta = await filterSegment(user.teamId, [
      { type: "segment", operator: "in", segmentId: beta },
      { type: "attribute", key: "plan", operator: "equals", value: "pro" },
    ]);
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: proBeta }, steps });
    const contactIds = [
      await contactIdOf(user.teamId, "pat@murmur.test"),
      await contactIdOf(user.teamId, "quinn@murmur.test"),
    ];
    await addContactsToSegment(getDb(), { access: await ownerAccess(user.teamId), segmentId: beta, contactIds });
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["pat@murmur.test"]);
  });

  test("an event counted by a filter segment that the entry segment includes enters its journey", async () => {
    const user = await createSignedInUser();
    await identify(user.teamId, "rey", { email: "rey@murmur.test" });
    const buyers = await filterSegment(
      user.teamId,
      [{ type: "event", operator: "performed", event: "Purchase", frequency: "at_least", times: 1 }],
      "Buyers",
    );
    const buyersToo = await filterSegment(user.teamId, [{ type: "segment", operator: "in", segmentId: buyers }]);
    const journeyId = await liveJourney(user.teamId, { entry: { type: "segment", segmentId: buyersToo }, steps });
    await track(user.teamId, "rey", "Page Viewed");
    expect(await runsOf(journeyId)).toHaveLength(0);
    await track(user.teamId, "rey", "Purchase");
    expect((await runsOf(journeyId)).map((r) => r.email)).toEqual(["rey@murmur.test"]);
  });
});
