import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { knownContact, rememberContacts } from "./known-contacts.ts";
import { rememberEventNames, unknownEventNames } from "./known-event-names.ts";
import type { TrackedMessage } from "./messages.ts";
import { queueEventRollup } from "#server/analytics/roll-events.ts";
import { queueJourneyEvents } from "#server/journeys/engine/event-queue.ts";
import { teamJourneys } from "#server/journeys/engine/team-journeys.ts";

/**
 * Stores messages in one statement: a multi-row insert from one JSON document,
 * each row attached to its contact (the given one, else the contact whose
 * external id is the userId, else the contact an anonymousId was linked to), a
 * messageId already stored skipped, and event names not yet known added to the
 * team's list, and the named events queued for the analytics rollups (counted by the
 * worker, not here). A messageId is stored once per team for as long as
 * `event_message_ids` keeps it (the dedup window, decision 010): the events table is
 * partitioned by month and cannot hold that unique key. Contacts this process has
 * lately found for a userId are passed in; the statement looks up the others and
 * answers them, to be remembered.
 *
 * When the team has live or paused journeys, the events newly stored (a retried
 * messageId is not) are queued for them in the same statement (queueJourneyEvents),
 * and a worker enters, advances or converts runs from the queue: the request takes no
 * lock on runs and waits for no journey, and an event acts on journeys exactly once.
 */
export async function insertEvents(
  db: Database,
  options: {
    teamId: string;
    messages: TrackedMessage[];
    receivedAt: Date;
    contactOf?: (message: TrackedMessage) => string | null;
  },
): Promise<void> {
  const { teamId, messages, contactOf } = options;
  if (messages.length === 0) return;
  const journeys = await teamJourneys(db, teamId);
  const now = Date.now();
  // Inside a transaction nothing read or written is settled until it commits: no remembering.
  const remember = !db.isTransaction;
  const lookedUp = new Set<string>();
  const contactFor = (m: TrackedMessage): string | undefined => {
    if (contactOf) return contactOf(m) ?? undefined;
    if (!m.userId) return undefined;
    const known = remember ? knownContact(teamId, m.userId, now) : undefined;
    if (!known) lookedUp.add(m.userId);
    return known;
  };
  // The dedup table takes each messageId once; a batch naming one twice keeps its first.
  const seen = new Set<string>();
  const firsts = messages.filter((m) => {
    if (seen.has(m.messageId)) return false;
    seen.add(m.messageId);
    return true;
  });
  // Absent keys read as null and make a shorter document than explicit nulls.
  const rows = firsts.map((m) => ({
    id: m.id,
    contact_id: contactFor(m),
    type: m.type,
    name: m.name ?? undefined,
    user_id: m.userId ?? undefined,
    anonymous_id: m.anonymousId ?? undefined,
    properties: m.properties,
    context: m.context,
    message_id: m.messageId,
    occurred_at: m.occurredAt,
  }));
  const newNames = unknownEventNames(
    teamId,
    messages.map((m) => m.name),
  );
  const answer = remember && lookedUp.size > 0;
  // One JSON parameter, parsed by PostgreSQL, costs far less than thousands of bound values;
  // as jsonb it is parsed once, and the properties and context are taken from it as they are.
  // The contact lookup is a subquery in coalesce, so it runs only for rows without a contact.
  const { rows: found } = await sql<{ userId: string; contactId: string }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        id uuid, contact_id uuid, type text, name text, user_id text, anonymous_id text,
        properties jsonb, context jsonb, message_id text, occurred_at timestamptz
      )
    ),
    fresh as (
      insert into event_message_ids (team_id, message_id, received_at)
      select ${teamId}, message_id, ${options.receivedAt} from input
      on conflict (team_id, message_id) do nothing
      returning message_id
    ),
    stored as (
      insert into events (id, team_id, contact_id, type, name, user_id, anonymous_id, properties, context, message_id, occurred_at, received_at)
      select i.id, ${teamId},
        coalesce(
          i.contact_id,
          (select c.id from contacts c where c.team_id = ${teamId} and c.external_id = i.user_id),
          case when i.user_id is null then a.contact_id end
        ),
        i.type, i.name, i.user_id, i.anonymous_id, i.properties, i.context, i.message_id, i.occurred_at, ${options.receivedAt}
      from input i
      join fresh f on f.message_id = i.message_id
      left join contact_aliases a on a.team_id = ${teamId} and a.anonymous_id = i.anonymous_id
      returning id, user_id, contact_id, name, occurred_at, properties, message_id
    ),
    ${queueEventRollup(teamId)}${
      journeys.any
        ? sql`,
    ${queueJourneyEvents(teamId)}`
        : sql``
    }${
      newNames.length
        ? sql`,
    names as (
      insert into event_names (team_id, name)
      select ${teamId}, unnest(${newNames}::text[])
      on conflict do nothing
    )`
        : sql``
    }
    ${
      answer
        ? sql`select distinct user_id as "userId", contact_id as "contactId" from stored
          where contact_id is not null and user_id = any(${[...lookedUp]}::text[])`
        : sql`select 1`
    }
  `.execute(db);
  if (!remember) return;
  rememberEventNames(teamId, newNames);
  if (answer) rememberContacts(teamId, found, now);
}
