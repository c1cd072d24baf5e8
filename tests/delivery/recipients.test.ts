import { describe, expect, test } from "vitest";
import { getDb } from "#db/database.ts";
import { CHUNK_SIZE, previewRecipients, resolveRecipients } from "#server/delivery/recipients.ts";
import { createFilterSegment } from "#server/segments/filter-segments.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { createUser } from "../factories.ts";
import { addContacts, draftCampaign, staticSegment } from "./fixtures.ts";
import { ownerAccess } from "../team-access.ts";

const db = () => getDb();

async function resolve(campaign: { id: string; type: string }, teamId: string) {
  const target = { id: campaign.id, teamId, type: campaign.type as "EMAIL" };
  return db()
    .transaction()
    .execute((trx) => resolveRecipients(trx, target));
}

const ledger = (campaignId: string) =>
  db()
    .selectFrom("deliveries")
    .select(["contactId", "address", "status", "channel"])
    .where("campaignId", "=", campaignId)
    .orderBy("contactId")
    .execute();
const excluded = (campaignId: string) =>
  db()
    .selectFrom("excludedRecipients")
    .select(["contactId", "reason"])
    .where("campaignId", "=", campaignId)
    .orderBy("contactId")
    .execute();

describe("recipient resolution", () => {
  test("email: the union of segments once per contact, each excluded contact with its reason", async () => {
    const { teamId } = await createUser();
    const [reached, twice, unsubscribed, bounced, suppressed, noEmail] = await addContacts(teamId, [
      { email: "reached@murmur.test" },
      { email: "twice@murmur.test" },
      { email: "gone@murmur.test", emailStatus: "unsubscribed" },
      { email: "bounced@murmur.test", emailStatus: "bounced" },
      { email: "Suppressed@Murmur.test" },
      { email: null, phone: "+14155550100" },
    ]);
    await db()
      .insertInto("suppressions")
      .values({ teamId, channel: "EMAIL", address: "suppressed@murmur.test", reason: "complained" })
      .execute();
    const first = await staticSegment(teamId, [reached!, twice!, unsubscribed!]);
    const second = await staticSegment(teamId, [twice!, bounced!, suppressed!, noEmail!]);
    const campaign = await draftCampaign(teamId, { segmentIds: [first, second] });

    const preview = await previewRecipients(db(), { id: campaign.id, teamId, type: "EMAIL" });
    expect(preview).toEqual({ recipients: 2, excluded: { no_address: 1, unsubscribed: 1, suppressed: 2 } });

    const result = await resolve(campaign, teamId);
    expect(result).toMatchObject({ recipients: 2, excluded: 4 });
    expect(await ledger(campaign.id)).toEqual(
      [
        { contactId: reached, address: "reached@murmur.test", status: "queued", channel: "EMAIL" },
        { contactId: twice, address: "twice@murmur.test", status: "queued", channel: "EMAIL" },
      ].sort((a, b) => a.contactId!.localeCompare(b.contactId!)),
    );
    expect(await excluded(campaign.id)).toEqual(
      [
        { contactId: unsubscribed, reason: "unsubscribed" },
        { contactId: bounced, reason: "suppressed" },
        { contactId: suppressed, reason: "suppressed" },
        { contactId: noEmail, reason: "no_address" },
      ].sort((a, b) => a.contactId!.localeCompare(b.contactId!)),
    );
  });

  test("a filter segment and an overlapping static one: each contact once, evaluated at send time", async () => {
    const { teamId } = await createUser();
    const other = await createUser();
    await addContacts(other.teamId, [{ email: "stranger@acme.test" }]);
    const [both, filterOnly, staticOnly, leftOut, gone] = await addContacts(teamId, [
      { email: "both@acme.test" },
      { email: "filter-only@acme.test" },
      { email: "static-only@elsewhere.test" },
      { email: "neither@elsewhere.test" },
      { email: "gone@acme.test", emailStatus: "unsubscribed" },
    ]);
    const acme = await createFilterSegment(db(), {
      access: await ownerAccess(teamId),
      name: "Acme people",
      filter: parseFilter({
        type: "group",
        combinator: "and",
        conditions: [{ type: "field", field: "email", operator: "contains", value: "@acme.test" }],
      }),
    });
    const picked = await staticSegment(teamId, [both!, staticOnly!, gone!]);
    const campaign = await draftCampaign(teamId, { segmentIds: [acme.id, picked] });
    // Joins the filter after the campaign was made: the filter is read when it is sent.
    const [late] = await addContacts(teamId, [{ email: "late@acme.test" }]);

    expect(await previewRecipients(db(), { id: campaign.id, teamId, type: "EMAIL" })).toEqual({
      recipients: 4,
      excluded: { no_address: 0, unsubscribed: 1, suppressed: 0 },
    });
    const result = await resolve(campaign, teamId);
    expect(result).toMatchObject({ recipients: 4, excluded: 1 });
    const rows = await ledger(campaign.id);
    expect(rows.map((row) => row.contactId).sort()).toEqual([both, filterOnly, staticOnly, late].sort());
    expect(rows.map((row) => row.contactId)).not.toContain(leftOut);
    expect(await excluded(campaign.id)).toEqual([{ contactId: gone, reason: "unsubscribed" }]);
  });

  test("SMS without segments: every contact of the team, only valid E.164 numbers reached", async () => {
    const { teamId } = await createUser();
    const other = await createUser();
    await addContacts(other.teamId, [{ phone: "+447700900123" }]);
    const [valid, local, none, stopped, suppressed] = await addContacts(teamId, [
      { phone: "+447700900123" },
      { phone: "(212) 555-0100" },
      { phone: null },
      { phone: "+14155550111", smsStatus: "unsubscribed" },
      { phone: "+14155550122" },
    ]);
    await db()
      .insertInto("suppressions")
      .values({ teamId, channel: "SMS", address: "+14155550122", reason: "bounced" })
      .execute();
    const campaign = await draftCampaign(teamId, { type: "SMS" });

    await resolve(campaign, teamId);
    expect(await ledger(campaign.id)).toEqual([
      { contactId: valid, address: "+447700900123", status: "queued", channel: "SMS" },
    ]);
    expect(await excluded(campaign.id)).toEqual(
      [
        { contactId: local, reason: "no_address" },
        { contactId: none, reason: "no_address" },
        { contactId: stopped, reason: "unsubscribed" },
        { contactId: suppressed, reason: "suppressed" },
      ].sort((a, b) => a.contactId!.localeCompare(b.contactId!)),
    );
  });

  test("an email suppression does not exclude the same contact from SMS", async () => {
    const { teamId } = await createUser();
    const [contact] = await addContacts(teamId, [
      { email: "both@murmur.test", phone: "+14155550133", emailStatus: "bounced" },
    ]);
    await db()
      .insertInto("suppressions")
      .values({ teamId, channel: "EMAIL", address: "both@murmur.test", reason: "bounced" })
      .execute();
    const campaign = await draftCampaign(teamId, { type: "SMS" });
    await resolve(campaign, teamId);
    expect((await ledger(campaign.id)).map((row) => row.contactId)).toEqual([contact]);
  });

  test("chunks are consecutive ranges of the ledger covering every delivery once", async () => {
    const { teamId } = await createUser();
    await addContacts(
      teamId,
      Array.from({ length: CHUNK_SIZE * 2 + 7 }, () => ({})),
    );
    const campaign = await draftCampaign(teamId);
    const { recipients, chunks } = await resolve(campaign, teamId);
    expect(recipients).toBe(CHUNK_SIZE * 2 + 7);
    expect(chunks).toHaveLength(3);
    expect(chunks[2]!.to).toBeNull();
    const rows = await ledger(campaign.id);
    const sizes = chunks.map(
      (chunk) =>
        rows.filter((row) => row.contactId >= chunk.from && (chunk.to === null || row.contactId < chunk.to)).length,
    );
    expect(sizes).toEqual([CHUNK_SIZE, CHUNK_SIZE, 7]);
  });
});
