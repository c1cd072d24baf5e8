import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { decideSend, decideSends } from "#server/frequency/decide.ts";
import { saveFrequencySettings } from "#server/frequency/settings.ts";
import type { FrequencySettingsInput } from "#shared/frequency/schemas.ts";
import { createUser } from "../factories.ts";
import { ownerAccess } from "../team-access.ts";
import { addContacts, draftCampaign } from "../delivery/fixtures.ts";
import { pastMessage } from "./ledger.ts";

const HOUR = 3600_000;
const NOW = new Date("2030-06-10T12:00:00Z");
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

async function teamWith(settings: Partial<FrequencySettingsInput>, timeZone = "UTC") {
  const { teamId } = await createUser();
  await getDb().updateTable("teams").set({ timeZone }).where("id", "=", teamId).execute();
  await saveFrequencySettings(getDb(), {
    access: await ownerAccess(teamId),
    input: { rules: [], quietHours: [], timeZoneAttribute: null, overCap: "wait", ...settings },
  });
  return teamId;
}

const EMAIL_CAPS: Partial<FrequencySettingsInput> = {
  rules: [
    { channel: "EMAIL", limit: 1, window: 1, unit: "days" },
    { channel: "EMAIL", limit: 3, window: 7, unit: "days" },
  ],
};

describe("frequency caps, counted from the ledger", () => {
  test("per contact, per channel, per window: a message leaves the window after exactly its length", async () => {
    const teamId = await teamWith(EMAIL_CAPS);
    const [inDay, dayAgo, justOut, weekFull, smsOnly, fresh] = await addContacts(teamId, [{}, {}, {}, {}, {}, {}]);
    await pastMessage(teamId, inDay!, { at: ago(23) });
    await pastMessage(teamId, dayAgo!, { at: ago(24) });
    await pastMessage(teamId, justOut!, { at: ago(25) });
    for (const days of [2, 4, 6]) await pastMessage(teamId, weekFull!, { at: ago(days * 24) });
    await pastMessage(teamId, smsOnly!, { at: ago(1), channel: "SMS" });

    const ids = [inDay!, dayAgo!, justOut!, weekFull!, smsOnly!, fresh!];
    const decisions = await decideSends(getDb(), {
      teamId,
      contactIds: ids,
      channel: "EMAIL",
      overCap: "wait",
      now: NOW,
    });
    expect(decisions.get(inDay!)).toEqual({
      action: "wait",
      until: later(1),
      reason: "Held back by frequency cap: at most 1 email per day. Waiting until Jun 10, 2030, 1:00 PM UTC.",
    });
    // Sent 24 hours ago to the millisecond: out of a one-day window.
    expect(decisions.get(dayAgo!)).toEqual({ action: "send" });
    expect(decisions.get(justOut!)).toEqual({ action: "send" });
    // Three in seven days: the next may go once the oldest of them (six days ago) is seven days old.
    expect(decisions.get(weekFull!)).toMatchObject({ action: "wait", until: later(24) });
    expect((decisions.get(weekFull!) as { reason: string }).reason).toContain("at most 3 emails per 7 days");
    expect(decisions.get(smsOnly!)).toEqual({ action: "send" });
    expect(decisions.get(fresh!)).toEqual({ action: "send" });

    // An hour later the first contact's window has moved past their message.
    expect(
      await decideSend(getDb(), { teamId, contactId: inDay!, channel: "EMAIL", overCap: "wait", now: later(1) }),
    ).toEqual({ action: "send" });
    expect(
      await decideSend(getDb(), { teamId, contactId: inDay!, channel: "EMAIL", overCap: "wait", now: later(0.99) }),
    ).toMatchObject({ action: "wait" });
  });

  test("in flight and unknown messages count; failed, waiting and skipped ones do not; nor a campaign that ignores caps", async () => {
    const teamId = await teamWith(EMAIL_CAPS);
    const [sending, unknown, failed, queued, skipped, transactional] = await addContacts(teamId, [
      {},
      {},
      {},
      {},
      {},
      {},
    ]);
    await pastMessage(teamId, sending!, { at: ago(1), status: "sending" });
    await pastMessage(teamId, unknown!, { at: ago(1), status: "unknown" });
    await pastMessage(teamId, failed!, { at: ago(1), status: "failed" });
    await pastMessage(teamId, queued!, { at: ago(1), status: "queued" });
    await pastMessage(teamId, skipped!, { at: ago(1), status: "skipped" });
    const notice = await draftCampaign(teamId);
    await getDb().updateTable("campaigns").set({ ignoreFrequencyCaps: true }).where("id", "=", notice.id).execute();
    await pastMessage(teamId, transactional!, { at: ago(1), campaignId: notice.id });

    const ids = [sending!, unknown!, failed!, queued!, skipped!, transactional!];
    const decisions = await decideSends(getDb(), {
      teamId,
      contactIds: ids,
      channel: "EMAIL",
      overCap: "wait",
      now: NOW,
    });
    expect(ids.map((id) => decisions.get(id)!.action)).toEqual(["wait", "wait", "send", "send", "send", "send"]);
  });

  test("skip instead of wait says why; a team with no rule sends everyone; another team's settings do not apply", async () => {
    const teamId = await teamWith(EMAIL_CAPS);
    const other = await teamWith({});
    const [mine] = await addContacts(teamId, [{}]);
    const [theirs] = await addContacts(other, [{}]);
    await pastMessage(teamId, mine!, { at: ago(2) });
    await pastMessage(other, theirs!, { at: ago(2) });
    expect(
      await decideSend(getDb(), { teamId, contactId: mine!, channel: "EMAIL", overCap: "skip", now: NOW }),
    ).toEqual({
      action: "skip",
      reason: "Held back by frequency cap: at most 1 email per day. Skipped.",
    });
    expect(
      await decideSend(getDb(), { teamId: other, contactId: theirs!, channel: "EMAIL", overCap: "skip", now: NOW }),
    ).toEqual({ action: "send" });
  });
});

describe("quiet hours in the contact's zone, else the team's", () => {
  test("a contact's own zone decides; one without a zone, or with a value that is not one, uses the team's", async () => {
    const teamId = await teamWith(
      { quietHours: [{ channel: "SMS", from: "21:00", to: "09:00" }], timeZoneAttribute: "tz" },
      "Europe/Paris",
    );
    const db = getDb();
    const [newYork, paris, noZone, badZone] = await addContacts(teamId, [{}, {}, {}, {}]);
    const zones: [string, unknown][] = [
      [newYork!, { tz: "America/New_York" }],
      [paris!, { tz: "Europe/Paris" }],
      [badZone!, { tz: "Mars/Olympus_Mons" }],
    ];
    for (const [id, attributes] of zones)
      await db
        .updateTable("contacts")
        .set({ attributes: JSON.stringify(attributes) })
        .where("id", "=", id)
        .execute();

    // 22:30 in Paris (summer, UTC+2), 16:30 in New York.
    const now = new Date("2030-06-10T20:30:00Z");
    const ids = [newYork!, paris!, noZone!, badZone!];
    const decisions = await decideSends(db, { teamId, contactIds: ids, channel: "SMS", overCap: "wait", now });
    expect(decisions.get(newYork!)).toEqual({ action: "send" });
    const parisEnd = new Date("2030-06-11T07:00:00Z");
    expect(decisions.get(paris!)).toEqual({
      action: "wait",
      until: parisEnd,
      reason:
        "Held back by quiet hours: no SMS from 21:00 to 09:00 Europe/Paris. Waiting until Jun 11, 2030, 9:00 AM Europe/Paris.",
    });
    expect(decisions.get(noZone!)).toMatchObject({ action: "wait", until: parisEnd });
    expect(decisions.get(badZone!)).toMatchObject({ action: "wait", until: parisEnd });
    // Email has no quiet hours.
    expect(await decideSend(db, { teamId, contactId: paris!, channel: "EMAIL", overCap: "wait", now })).toEqual({
      action: "send",
    });
  });

  test("a cap that lets the message go inside quiet hours waits for them to end", async () => {
    const teamId = await teamWith({
      rules: [{ channel: "SMS", limit: 1, window: 12, unit: "hours" }],
      quietHours: [{ channel: "SMS", from: "21:00", to: "09:00" }],
    });
    const [contact] = await addContacts(teamId, [{}]);
    // At 12:00 UTC, an SMS sent at 10:00 frees the cap at 22:00: inside quiet hours, so 09:00 the next day.
    await pastMessage(teamId, contact!, { at: ago(2), channel: "SMS" });
    const decision = await decideSend(getDb(), {
      teamId,
      contactId: contact!,
      channel: "SMS",
      overCap: "wait",
      now: NOW,
    });
    expect(decision).toMatchObject({ action: "wait", until: new Date("2030-06-11T09:00:00Z") });
    expect((decision as { reason: string }).reason).toBe(
      "Held back by frequency cap: at most 1 SMS per 12 hours and by quiet hours: no SMS from 21:00 to 09:00 UTC. Waiting until Jun 11, 2030, 9:00 AM UTC.",
    );
  });
});
