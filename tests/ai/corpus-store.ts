import { randomUUID } from "node:crypto";
import { getDb } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { EngagementKind, Seed, SeedCampaign, SeedContact } from "./corpus-seed.ts";

/*
 * Writes a corpus team's plain-object facts to the database, the same way for
 * every vocabulary (SaaS product, online shop, mobile app), so each corpus
 * computes its expected members from exactly what PostgreSQL holds.
 */

export type SeedDelivery = {
  id: string;
  campaignId: string;
  contactId: string;
  status: string;
  sentAt: Date | null;
  address: string;
  channel: string;
};
export type SeedHit = {
  deliveryId: string;
  campaignId: string;
  contactId: string;
  kind: EngagementKind;
  occurredAt: Date;
};

const DAY = 86_400_000;

/**
 * What each corpus seed starts from: the time it is seeded at, a clock back from
 * then (whole days plus hours), draws from its own fixed seed so its data is the
 * same every run, and a tag that keeps its company domains unique to this run.
 */
export function startSeed(seed: number, now = new Date()) {
  const next = random(seed);
  return {
    now,
    ago: (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000),
    next,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    tag: randomUUID().slice(0, 6),
  };
}

/** A new contact's lists, empty: the seed fills them as it makes up events, sends and segments. */
export function emptyHistory(): Pick<SeedContact, "events" | "received" | "engagement" | "segments"> {
  return { events: [], received: [], engagement: [], segments: [] };
}

/**
 * Records the `index`th contact's events: one `days` ago (plus 1 to 5 hours, so none
 * sits on the edge of a window), left out when that is before the contact existed.
 */
export function eventRecorder(
  contact: SeedContact,
  index: number,
  createdDays: number,
  ago: (days: number, hours: number) => Date,
) {
  return (name: string, days: number, properties: Record<string, unknown> = {}) => {
    if (days <= createdDays) contact.events.push({ name, at: ago(days, 1 + (index % 5)), properties });
  };
}

/** A small deterministic generator (mulberry32), so the data is the same every run. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes the team's facts and returns them as the corpus reads them: the team, its
 * user to sign in as, the time it was seeded at, and its contacts, campaigns and segments.
 */
export async function storeSeed(input: {
  teamId: string;
  userId: string;
  now: Date;
  contacts: SeedContact[];
  campaigns: (SeedCampaign & { state: string })[];
  deliveries: SeedDelivery[];
  hits: SeedHit[];
  segments: { id: string; name: string }[];
}): Promise<Seed> {
  const db = getDb();
  const { teamId, now, contacts, campaigns, deliveries, hits, segments } = input;
  await db
    .insertInto("contacts")
    .values(
      contacts.map((c) => ({
        id: c.id,
        teamId,
        name: c.name,
        email: c.email,
        phone: c.phone,
        createdAt: c.createdAt,
        attributes: JSON.stringify(c.attributes),
        emailStatus: c.emailStatus,
        smsStatus: c.smsStatus,
        whatsappStatus: c.whatsappStatus,
      })),
    )
    .execute();
  const events = contacts.flatMap((c) =>
    c.events.map((e) => ({
      id: newId(),
      teamId,
      contactId: c.id,
      type: "track",
      name: e.name,
      userId: c.id,
      properties: JSON.stringify(e.properties),
      messageId: randomUUID(),
      occurredAt: e.at,
    })),
  );
  if (events.length) await db.insertInto("events").values(events).execute();
  // Ingestion keeps each team's distinct event names here (decision 010).
  const names = [...new Set(events.map((e) => e.name))];
  if (names.length)
    await db
      .insertInto("eventNames")
      .values(names.map((name) => ({ teamId, name })))
      .execute();
  await db
    .insertInto("campaigns")
    .values(
      campaigns.map((c) => ({
        id: c.id,
        teamId,
        name: c.name,
        state: c.state,
        type: c.channel.toUpperCase(),
        sentAt: c.sentAt,
        createdAt: c.sentAt ?? now,
      })),
    )
    .execute();
  if (deliveries.length) {
    await db
      .insertInto("deliveries")
      .values(
        deliveries.map((d) => ({
          id: d.id,
          teamId,
          campaignId: d.campaignId,
          contactId: d.contactId,
          channel: d.channel.toUpperCase(),
          address: d.address,
          status: d.status,
          sentAt: d.sentAt,
        })),
      )
      .execute();
  }
  if (hits.length)
    await db
      .insertInto("engagementEvents")
      .values(hits.map((h) => ({ teamId, ...h })))
      .execute();
  if (segments.length)
    await db
      .insertInto("segments")
      .values(segments.map((s) => ({ id: s.id, teamId, name: s.name, kind: "static" })))
      .execute();
  const members = contacts.flatMap((c) =>
    c.segments.map((name) => ({ segmentId: segments.find((s) => s.name === name)!.id, contactId: c.id })),
  );
  if (members.length) await db.insertInto("segmentMembers").values(members).execute();
  return {
    teamId,
    userId: input.userId,
    now,
    contacts,
    campaigns: campaigns.map(({ id, name, sentAt, channel }) => ({ id, name, sentAt, channel })),
    segments,
  };
}

/**
 * Sends a campaign to a contact in the seed's facts: a delivery row and, for a
 * sent email, human opens and clicks at varied times (some coming back to an
 * older email later) or a mail scanner's machine hits, which count for nobody.
 */
export function deliverer(now: Date, deliveries: SeedDelivery[], hits: SeedHit[], reader: () => number) {
  return (contact: SeedContact, index: number, campaign: SeedCampaign, status: "sent" | "failed" = "sent") => {
    const id = newId();
    const address = campaign.channel === "email" ? (contact.email ?? "") : (contact.phone ?? "");
    deliveries.push({
      id,
      campaignId: campaign.id,
      contactId: contact.id,
      status,
      sentAt: status === "sent" ? campaign.sentAt : null,
      address,
      channel: campaign.channel,
    });
    if (status !== "sent" || !campaign.sentAt) return;
    contact.received.push({ campaign: campaign.name, at: campaign.sentAt, channel: campaign.channel });
    if (campaign.channel !== "email") return;
    const sentDays = Math.round((now.getTime() - campaign.sentAt.getTime()) / DAY);
    // Whole days plus 1 to 5 hours, so no hit sits on the edge of an "in the last N days" window.
    const hit = (kind: EngagementKind, days: number) => {
      const at = new Date(now.getTime() - Math.max(0, days) * DAY - (1 + (index % 5)) * 3_600_000);
      hits.push({ deliveryId: id, campaignId: campaign.id, contactId: contact.id, kind, occurredAt: at });
      contact.engagement.push({ campaign: campaign.name, kind, at });
    };
    const opens = reader() < 0.5;
    if (opens) hit("open", sentDays - 1);
    if (opens && reader() < 0.45) hit("click", sentDays - 1);
    if (opens && sentDays > 20 && reader() < 0.4) hit("open", 2 + Math.floor(reader() * 18));
    if (!opens && index % 7 === 3) hit("click", sentDays - 2);
    if (!opens && index % 5 === 0) hit("bot_open", sentDays);
    if (!opens && index % 10 === 0) hit("bot_click", sentDays);
  };
}
