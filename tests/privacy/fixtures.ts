import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import { action as importContacts } from "#app/routes/api/contacts-import.ts";
import { action as eraseByEmail, loader as listContacts } from "#app/routes/api/contacts.ts";
import { action as eraseById } from "#app/routes/api/contact.ts";
import { loader as exportContact } from "#app/routes/api/contact-export.ts";
import { loader as campaignAnalytics } from "#app/routes/api/campaign-analytics.ts";
import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import { recordOpen } from "#server/tracking/record-hit.ts";
import { basicAuth, createTrackingTeam, postTracking } from "../events/fixtures.ts";
import { addContacts, draftCampaign, type sendQueues, staticSegment } from "../delivery/fixtures.ts";
import { APPLE_MAIL, sendWholeCampaign } from "../delivery/outcomes-fixture.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

/**
 * A team whose person (known by userId, email and phone, with an attribute) was
 * identified, tracked under an anonymous id and their userId, put in a segment,
 * sent a campaign and opened it; beside them a neighbour who received it too.
 */
export async function teamWithTrackedPerson(queues: ReturnType<typeof sendQueues>) {
  const team = await createTrackingTeam();
  const { token } = await createSession(getDb(), { userId: team.userId, teamId: team.teamId });
  const auth = basicAuth(team.writeKey);
  const email = `erase-me-${randomUUID()}@example.com`;
  const person = { email, phone: "+442079460958", userId: `u-${randomUUID()}`, anonymousId: `anon-${randomUUID()}` };
  await postTracking("track", { anonymousId: person.anonymousId, event: "Viewed Pricing" }, auth);
  await postTracking(
    "identify",
    {
      userId: person.userId,
      anonymousId: person.anonymousId,
      traits: { email, name: "Erin Erased", phone: "+44 20 7946 0958", plan: "pro" },
    },
    auth,
  );
  await postTracking("track", { userId: person.userId, event: "Signed In", properties: { plan: "pro" } }, auth);
  const contact = await getDb()
    .selectFrom("contacts")
    .select("id")
    .where("teamId", "=", team.teamId)
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const [neighbourId] = await addContacts(team.teamId, [{ email: `neighbour-${randomUUID()}@example.com` }]);
  const segmentId = await staticSegment(team.teamId, [contact.id, neighbourId!]);
  const campaign = await draftCampaign(team.teamId, { subject: "News", segmentIds: [segmentId] });
  const deliveries = await sendWholeCampaign(queues, team.teamId, campaign.id);
  const theirs = deliveries.find((d) => d.contactId === contact.id)!;
  // A minute after sending, as a person reads, so it is not taken for a machine fetch.
  const later = new Date(Date.now() + 60_000);
  await recordOpen(getDb(), { deliveryId: theirs.id, userAgent: APPLE_MAIL, ip: "203.0.113.9", at: later });
  return { team, token, person: { ...person, id: contact.id }, campaignId: campaign.id, neighbourId: neighbourId! };
}

export function deleteContact(token: string, id: string) {
  const request = new Request(`http://murmur.test/api/contacts/${id}`, { method: "DELETE", headers: bearer(token) });
  return respond(() => eraseById(routeArgs(request, { params: { id } })));
}

export function deleteContactByEmail(token: string, email: string) {
  const request = new Request(`http://murmur.test/api/contacts?email=${encodeURIComponent(email)}`, {
    method: "DELETE",
    headers: bearer(token),
  });
  return respond(() => eraseByEmail(routeArgs(request)));
}

export function exportOf(token: string, id: string) {
  return respond(() =>
    exportContact(routeArgs(getRequest(`/api/contacts/${id}/export`, bearer(token)), { params: { id } })),
  );
}

export async function searchContacts(token: string, search: string) {
  const response = await respond(() =>
    listContacts(routeArgs(getRequest(`/api/contacts?search=${encodeURIComponent(search)}`, bearer(token)))),
  );
  return ((await response.json()) as { data: { id: string }[] }).data;
}

export async function funnelOf(token: string, campaignId: string) {
  const response = await respond(() =>
    campaignAnalytics(
      routeArgs(getRequest(`/api/campaigns/${campaignId}/analytics`, bearer(token)), { params: { id: campaignId } }),
    ),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { funnel: unknown } }).data.funnel;
}

export async function importRows(token: string, body: Record<string, unknown>) {
  const response = await respond(() =>
    importContacts(routeArgs(jsonRequest("/api/contacts/import", body, { headers: bearer(token) }))),
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      imported: number;
      skipped: number;
      errors: { rowNumber: number; email: string; reason: string }[];
    },
  };
}

/**
 * Every place in the public schema where `needle` still appears: each text, uuid,
 * json or array column of each table is searched as text, case-insensitively.
 */
export async function placesHolding(needle: string): Promise<string[]> {
  const db = getDb();
  const { rows: columns } = await sql<{ tableName: string; columnName: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'uuid', 'jsonb', 'json', 'ARRAY', 'character varying')
  `.execute(db);
  const found: string[] = [];
  for (const { tableName, columnName } of columns) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.raw(`"${tableName}"`)} where ${sql.raw(`"${columnName}"`)}::text ilike ${`%${needle}%`}
    `.execute(db);
    if (rows[0]!.n > 0) found.push(`${tableName}.${columnName}`);
  }
  return found;
}
