import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { leaveOutErasedPeople } from "./erased-identities.ts";
import { groupIdentifies, type IdentityGroup } from "./identity-groups.ts";
import { insertEvents } from "./insert-events.ts";
import { enterChangedContacts, enterCreatedContacts } from "#server/journeys/engine/enter-contacts.ts";
import { queueJourneyEvents } from "#server/journeys/engine/event-queue.ts";
import { teamJourneys } from "#server/journeys/engine/team-journeys.ts";
import type { TrackedMessage } from "./messages.ts";
import type { WriteKeyKind } from "#shared/write-keys/schemas.ts";

/** A person of the batch and their contact; `isNew` when this batch creates it. */
type Resolved = { group: IdentityGroup; contactId: string | null; linksUser: boolean; isNew: boolean };

/** An email or phone an identify asked for and did not get, with the reason to tell the sender. */
export type RefusedChange = { contactId: string; field: "email" | "phone"; messageIds: string[]; message: string };

/**
 * Applies a batch's identify calls and stores them, in one transaction holding the
 * team's identify lock (so two batches never create the same person twice):
 * - each person is found by userId (the contact's external id), else by email,
 *   else by an anonymousId already linked to a contact; else a contact is created
 *   when there is a userId or an email to key it by;
 * - email, name and phone update the contact's fields, other traits merge into its
 *   attributes; an email that already belongs to another contact is not taken;
 * - through a client key (readable by anyone in a web page or an app) an existing
 *   contact's email or phone is only ever added, never replaced by another: that
 *   would hand the contact's messages to whoever sent it. The rest of the call
 *   applies, and the refused change is returned with its reason;
 * - anonymousIds are linked to the contact, and events waiting under those ids (or
 *   under a userId seen before its identify) are attached to it.
 * A messageId already stored is skipped entirely, so a retried identify changes nothing.
 */
export async function applyIdentifies(
  db: Database,
  options: { teamId: string; keyKind: WriteKeyKind; messages: TrackedMessage[]; receivedAt: Date },
): Promise<{ refused: RefusedChange[] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => applyInTransaction(trx, options));
    } catch (error) {
      // A contact created by another path (a CSV import) between our read and write: read again.
      if ((error as { code?: string }).code !== "23505" || attempt >= 3) throw error;
    }
  }
}

async function applyInTransaction(
  trx: Database,
  {
    teamId,
    keyKind,
    messages,
    receivedAt,
  }: { teamId: string; keyKind: WriteKeyKind; messages: TrackedMessage[]; receivedAt: Date },
): Promise<{ refused: RefusedChange[] }> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`identify:${teamId}`}, 0))`.execute(trx);
  const stored = await trx
    .selectFrom("events")
    .select("messageId")
    .where("teamId", "=", teamId)
    .where(
      "messageId",
      "in",
      messages.map((m) => m.messageId),
    )
    .execute();
  const seen = new Set(stored.map((r) => r.messageId));
  const fresh = messages.filter((m) => !seen.has(m.messageId) && (seen.add(m.messageId), true));
  if (fresh.length === 0) return { refused: [] };

  const groups = await leaveOutErasedPeople(trx, teamId, groupIdentifies(fresh));
  const kept = new Set(groups.flatMap((g) => g.messages));
  const applied = fresh.filter((m) => kept.has(m));
  if (applied.length === 0) return { refused: [] };
  const resolved = await resolveContacts(trx, teamId, groups);
  const existing = resolved.filter((r) => r.contactId && !r.isNew);
  const refused = keyKind === "client" ? await keepAddresses(trx, teamId, existing) : [];
  await updateContacts(trx, teamId, existing);
  const contactOf = new Map<TrackedMessage, string | null>();
  for (const r of resolved) for (const m of r.group.messages) contactOf.set(m, r.contactId);
  await insertEvents(trx, { teamId, messages: applied, receivedAt, contactOf: (m) => contactOf.get(m) ?? null });
  await claimEvents(trx, teamId, resolved);
  return { refused };
}

const REFUSED_MESSAGE = {
  email:
    "Email not changed: this contact already has another email, and a client write key cannot replace it. Send the change from your server with a server write key.",
  phone:
    "Phone not changed: this contact already has another phone number, and a client write key cannot replace it. Send the change from your server with a server write key.",
} as const;

/**
 * Takes out of the groups an email or phone that would replace a different one
 * the contact has, and returns what was taken out. The contacts are locked until
 * the transaction ends, so the values compared are the ones the update replaces.
 */
async function keepAddresses(trx: Database, teamId: string, entries: Resolved[]): Promise<RefusedChange[]> {
  const changing = entries.filter((e) => e.group.email || e.group.phone);
  if (changing.length === 0) return [];
  const current = await trx
    .selectFrom("contacts")
    .select(["id", "email", "phone"])
    .where("teamId", "=", teamId)
    .where(
      "id",
      "in",
      changing.map((e) => e.contactId!),
    )
    .forUpdate()
    .execute();
  const byId = new Map(current.map((row) => [row.id, row]));
  const refused: RefusedChange[] = [];
  for (const { group, contactId } of changing) {
    const contact = byId.get(contactId!);
    if (!contact) continue;
    const refuse = (field: "email" | "phone") =>
      refused.push({
        contactId: contactId!,
        field,
        messageIds: group.messages.map((m) => m.messageId),
        message: REFUSED_MESSAGE[field],
      });
    if (group.email && contact.email && contact.email.toLowerCase() !== group.email.toLowerCase()) {
      refuse("email");
      group.email = null;
    }
    if (group.phone && contact.phone && contact.phone !== group.phone) {
      refuse("phone");
      group.phone = null;
    }
  }
  return refused;
}

/** Finds or creates each group's contact. */
async function resolveContacts(trx: Database, teamId: string, groups: IdentityGroup[]): Promise<Resolved[]> {
  const userIds = groups.map((g) => g.userId);
  const emails = groups.map((g) => g.email);
  const found = await sql<{ ord: number; byUser: string | null; byEmail: string | null }>`
    select g.ord,
      (select c.id from contacts c where c.team_id = ${teamId} and c.external_id = g.user_id) as "byUser",
      (select c.id from contacts c where c.team_id = ${teamId} and lower(c.email) = lower(g.email)
         and (g.user_id is null or c.external_id is null)) as "byEmail"
    from unnest(${userIds}::text[], ${emails}::text[]) with ordinality as g(user_id, email, ord)
  `.execute(trx);
  const anonymousIds = [...new Set(groups.flatMap((g) => g.anonymousIds))];
  const aliases = anonymousIds.length
    ? await trx
        .selectFrom("contactAliases")
        .innerJoin("contacts", "contacts.id", "contactAliases.contactId")
        .select(["contactAliases.anonymousId", "contactAliases.contactId", "contacts.externalId"])
        .where("contactAliases.teamId", "=", teamId)
        .where("contactAliases.anonymousId", "in", anonymousIds)
        .execute()
    : [];

  const used = new Map<string, Resolved>();
  const resolved: Resolved[] = [];
  const created: Resolved[] = [];
  groups.forEach((group, index) => {
    const row = found.rows[index]!;
    const alias = group.anonymousIds
      .map((id) => aliases.find((a) => a.anonymousId === id))
      .find((a) => a && (!group.userId || a.externalId === null));
    let contactId = row.byUser ?? row.byEmail ?? alias?.contactId ?? null;
    const linksUser = Boolean(group.userId && !row.byUser);
    const earlier = contactId ? used.get(contactId) : undefined;
    if (earlier && !group.userId) {
      // Another group of this batch already updates that contact: one update, merged.
      earlier.group.name = group.name ?? earlier.group.name;
      earlier.group.phone = group.phone ?? earlier.group.phone;
      earlier.group.attributes = { ...earlier.group.attributes, ...group.attributes };
      earlier.group.anonymousIds.push(...group.anonymousIds);
      earlier.group.messages.push(...group.messages);
      return;
    }
    if (earlier) {
      // That contact already took another userId in this batch; this person is someone else.
      contactId = null;
      group.email = null;
    }
    const entry: Resolved = { group, contactId, linksUser, isNew: false };
    if (contactId) used.set(contactId, entry);
    else if (group.userId || group.email) created.push(entry);
    resolved.push(entry);
  });

  await createContacts(trx, teamId, created);
  return resolved;
}

async function createContacts(trx: Database, teamId: string, entries: Resolved[]): Promise<void> {
  if (entries.length === 0) return;
  for (const entry of entries) {
    entry.contactId = newId();
    entry.isNew = true;
  }
  const g = entries.map((e) => e.group);
  await sql`
    insert into contacts (id, team_id, external_id, email, name, phone, attributes)
    select n.id, ${teamId}, n.user_id,
      case when not exists (select 1 from contacts o where o.team_id = ${teamId} and lower(o.email) = lower(n.email))
        then n.email end,
      n.name, n.phone, n.attributes
    from unnest(
      ${entries.map((e) => e.contactId)}::uuid[], ${g.map((x) => x.userId)}::text[], ${g.map((x) => x.email)}::text[],
      ${g.map((x) => x.name)}::text[], ${g.map((x) => x.phone)}::text[], ${g.map((x) => JSON.stringify(x.attributes))}::jsonb[]
    ) as n(id, user_id, email, name, phone, attributes)
  `.execute(trx);
  // In the same transaction: a contact enters "contact created" journeys exactly when it exists,
  // which in the events' own time is its earliest message.
  const existedFrom = new Map<string, Date>();
  for (const { contactId, group } of entries)
    for (const message of group.messages) {
      const earliest = existedFrom.get(contactId!);
      if (!earliest || message.occurredAt < earliest) existedFrom.set(contactId!, message.occurredAt);
    }
  await enterCreatedContacts(trx, { teamId, contactIds: entries.map((e) => e.contactId!), existedFrom });
}

async function updateContacts(trx: Database, teamId: string, entries: Resolved[]): Promise<void> {
  const existing = entries;
  if (existing.length === 0) return;
  const g = existing.map((e) => e.group);
  await sql`
    update contacts c set
      external_id = coalesce(c.external_id, m.user_id),
      name = coalesce(m.name, c.name),
      phone = coalesce(m.phone, c.phone),
      email = case
        when m.email is null then c.email
        when exists (select 1 from contacts o where o.team_id = c.team_id and lower(o.email) = lower(m.email) and o.id <> c.id)
          then c.email
        else m.email end,
      attributes = c.attributes || m.attributes,
      updated_at = now()
    from unnest(
      ${existing.map((e) => e.contactId)}::uuid[], ${g.map((x) => x.userId)}::text[], ${g.map((x) => x.email)}::text[],
      ${g.map((x) => x.name)}::text[], ${g.map((x) => x.phone)}::text[], ${g.map((x) => JSON.stringify(x.attributes))}::jsonb[]
    ) as m(contact_id, user_id, email, name, phone, attributes)
    where c.id = m.contact_id and c.team_id = ${teamId}
  `.execute(trx);
  // Changed attributes may make these contacts match a filter segment a journey starts with.
  await enterChangedContacts(trx, { teamId, contactIds: existing.map((e) => e.contactId!) });
}

/**
 * Links anonymousIds to their contact and attaches waiting events: those of a
 * userId that has just become a contact's external id, and anonymous ones of a
 * newly linked anonymousId. An anonymousId already linked keeps its first contact.
 * When the team has journeys, the attached events are handed to them as ingestion
 * hands new ones (queueJourneyEvents), to move open runs but enter none: an order
 * sent before signing in ends the wait for it as soon as the person is known. They
 * were stored without a contact, so no journey has heard of them before.
 */
async function claimEvents(trx: Database, teamId: string, resolved: Resolved[]): Promise<void> {
  const withContact = resolved.filter((r) => r.contactId);
  const users = withContact.filter((r) => r.linksUser && r.group.userId);
  const links = withContact.flatMap((r) =>
    r.group.anonymousIds.map((anonymousId) => ({ anonymousId, contactId: r.contactId! })),
  );
  if (links.length === 0 && users.length === 0) return;
  const toJourneys = (await teamJourneys(trx, teamId)).any;
  const returning = toJourneys ? sql`returning e.id, e.contact_id, e.name, e.occurred_at` : sql``;
  const queued = toJourneys ? sql`, ${queueJourneyEvents(teamId, { attached: true })}` : sql``;
  if (links.length > 0) {
    await sql`
      with linked as (
        insert into contact_aliases (team_id, anonymous_id, contact_id)
        select ${teamId}, l.anonymous_id, l.contact_id
        from unnest(${links.map((l) => l.anonymousId)}::text[], ${links.map((l) => l.contactId)}::uuid[]) as l(anonymous_id, contact_id)
        on conflict do nothing
        returning anonymous_id, contact_id
      ),
      stored as (
        update events e set contact_id = linked.contact_id
        from linked
        where e.team_id = ${teamId} and e.anonymous_id = linked.anonymous_id and e.contact_id is null and e.user_id is null
        ${returning}
      )${queued}
      select 1
    `.execute(trx);
  }
  if (users.length > 0) {
    await sql`
      with stored as (
        update events e set contact_id = u.contact_id
        from unnest(${users.map((r) => r.group.userId)}::text[], ${users.map((r) => r.contactId)}::uuid[]) as u(user_id, contact_id)
        where e.team_id = ${teamId} and e.user_id = u.user_id and e.contact_id is null
        ${returning}
      )${queued}
      select 1
    `.execute(trx);
  }
}
