import { randomUUID } from "node:crypto";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { createSignedInUser, createUser } from "../factories.ts";

// A small team whose members for every kind of condition are known by heart:
//
//   alice  pro,  seats 5,  Report Exported x3 (pdf, last 10 days), received the launch 3 days ago; unsubscribed from
// SMS
//   bob    free, seats "2", Report Exported once 5 days ago (csv) and once 60 days ago; launch failed
//   carol  pro,  vip, no name, phone; Signed Up 40 days ago; unsubscribed from email and WhatsApp
//   dan    no attributes, created today; in the static segment with bob
//
// alice opened the launch (a machine clicked it); carol opened and clicked the digest.
//
// and another team with look-alike data that no filter of the first may reach.

const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

export type Seeded = Awaited<ReturnType<typeof seedFilterTeam>>;

export async function seedFilterTeam() {
  const db = getDb();
  const { teamId, token } = await createSignedInUser();
  const other = await createUser();
  const tag = randomUUID().slice(0, 8);
  const contact = (values: {
    name?: string | null;
    email: string;
    phone?: string | null;
    attributes?: object;
    createdAt: Date;
    emailStatus?: string;
    smsStatus?: string;
    whatsappStatus?: string;
  }) => ({
    id: newId(),
    name: values.name ?? null,
    email: `${values.email}-${tag}@acme.test`,
    phone: values.phone ?? null,
    attributes: JSON.stringify(values.attributes ?? {}),
    createdAt: values.createdAt,
    emailStatus: values.emailStatus ?? "subscribed",
    smsStatus: values.smsStatus ?? "subscribed",
    whatsappStatus: values.whatsappStatus ?? "subscribed",
  });
  const people = {
    alice: contact({
      name: "Alice Archer",
      email: "alice",
      phone: "+14155550101",
      attributes: { plan: "pro", seats: 5, renewsAt: "2030-01-01" },
      createdAt: daysAgo(100),
      smsStatus: "unsubscribed",
    }),
    bob: contact({
      name: "Bob Baker",
      email: "bob",
      attributes: { plan: "free", seats: "2", renewsAt: "2020-06-30" },
      createdAt: daysAgo(10),
    }),
    carol: contact({
      email: "carol",
      phone: "+14155550103",
      attributes: { plan: "pro", vip: true },
      createdAt: daysAgo(40),
      emailStatus: "unsubscribed",
      whatsappStatus: "unsubscribed",
    }),
    dan: contact({ name: "Dan Dale", email: "dan", createdAt: daysAgo(0) }),
  };
  await db
    .insertInto("contacts")
    .values(Object.values(people).map((p) => ({ ...p, teamId })))
    .execute();
  const intruder = contact({
    name: "Alice Archer",
    email: "alice",
    attributes: { plan: "pro", seats: 5 },
    createdAt: daysAgo(100),
  });
  await db
    .insertInto("contacts")
    .values({ ...intruder, teamId: other.teamId })
    .execute();

  const event = (team: string, contactId: string, name: string, at: Date, properties: object = {}) => ({
    id: newId(),
    teamId: team,
    contactId,
    type: "track",
    name,
    userId: contactId,
    properties: JSON.stringify(properties),
    messageId: randomUUID(),
    occurredAt: at,
  });
  await db
    .insertInto("events")
    .values([
      event(teamId, people.alice.id, "Report Exported", daysAgo(1), { format: "pdf", pages: 12 }),
      event(teamId, people.alice.id, "Report Exported", daysAgo(4), { format: "pdf", pages: 3 }),
      event(teamId, people.alice.id, "Report Exported", daysAgo(9), { format: "pdf", pages: 40 }),
      event(teamId, people.bob.id, "Report Exported", daysAgo(5), { format: "csv" }),
      event(teamId, people.bob.id, "Report Exported", daysAgo(60), { format: "pdf" }),
      event(teamId, people.carol.id, "Signed Up", daysAgo(40)),
      // Another team's events, some claiming this team's contacts: never counted here.
      ...[1, 2, 3, 4, 5].map((d) =>
        event(other.teamId, people.dan.id, "Report Exported", daysAgo(d), { format: "pdf" }),
      ),
      event(other.teamId, intruder.id, "Signed Up", daysAgo(2)),
    ])
    .execute();

  const campaign = (team: string, name: string) => ({ id: newId(), teamId: team, name, state: "SENT" });
  const launch = campaign(teamId, "Launch");
  const digest = campaign(teamId, "Digest");
  const otherLaunch = campaign(other.teamId, "Launch");
  await db.insertInto("campaigns").values([launch, digest, otherLaunch]).execute();
  const delivery = (team: string, campaignId: string, contactId: string, status: string, sentAt: Date | null) => ({
    id: newId(),
    teamId: team,
    campaignId,
    contactId,
    channel: "EMAIL",
    address: "someone@acme.test",
    status,
    sentAt,
  });
  const sent = {
    aliceLaunch: delivery(teamId, launch.id, people.alice.id, "sent", daysAgo(3)),
    bobLaunch: delivery(teamId, launch.id, people.bob.id, "failed", null),
    carolDigest: delivery(teamId, digest.id, people.carol.id, "sent", daysAgo(30)),
    otherDan: delivery(other.teamId, otherLaunch.id, people.dan.id, "sent", daysAgo(1)),
  };
  await db.insertInto("deliveries").values(Object.values(sent)).execute();

  // alice opened the launch 2 days ago (a scanner also "clicked" it); carol opened and
  // clicked the digest 29 days ago and opened it again 5 days ago; the other team's
  // delivery to a contact id of this team was clicked yesterday.
  const hit = (d: typeof sent.aliceLaunch, kind: string, at: Date) => ({
    teamId: d.teamId,
    deliveryId: d.id,
    campaignId: d.campaignId,
    contactId: d.contactId,
    kind,
    occurredAt: at,
  });
  await db
    .insertInto("engagementEvents")
    .values([
      hit(sent.aliceLaunch, "open", daysAgo(2)),
      hit(sent.aliceLaunch, "bot_click", daysAgo(2)),
      hit(sent.carolDigest, "open", daysAgo(29)),
      hit(sent.carolDigest, "click", daysAgo(29)),
      hit(sent.carolDigest, "open", daysAgo(5)),
      hit(sent.otherDan, "open", daysAgo(1)),
      hit(sent.otherDan, "click", daysAgo(1)),
    ])
    .execute();

  const staticSegment = { id: newId(), teamId, name: "Hand-picked", kind: "static" };
  const otherSegment = { id: newId(), teamId: other.teamId, name: "Theirs", kind: "static" };
  await db.insertInto("segments").values([staticSegment, otherSegment]).execute();
  await db
    .insertInto("segmentMembers")
    .values([
      { segmentId: staticSegment.id, contactId: people.bob.id },
      { segmentId: staticSegment.id, contactId: people.dan.id },
      { segmentId: otherSegment.id, contactId: intruder.id },
    ])
    .execute();

  const names = new Map(Object.entries(people).map(([key, p]) => [p.id, key]));
  return {
    teamId,
    token,
    otherTeamId: other.teamId,
    people,
    names,
    launch,
    digest,
    otherLaunch,
    staticSegment,
    otherSegment,
  };
}
