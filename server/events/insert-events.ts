import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { TrackedMessage } from "./messages.ts";

/**
 * Stores messages in one statement: a multi-row insert from one JSON document,
 * each row attached to its contact (the given one, else the contact whose
 * external id is the userId, else the contact an anonymousId was linked to), a
 * messageId already stored skipped, and new event names added to the team's list.
 */
export async function insertEvents(
  db: Database,
  options: { teamId: string; messages: TrackedMessage[]; receivedAt: Date; contactOf?: (message: TrackedMessage) => string | null },
): Promise<void> {
  const { teamId, messages, contactOf } = options;
  if (messages.length === 0) return;
  const rows = messages.map((m) => ({
    id: m.id,
    contact_id: contactOf?.(m) ?? null,
    type: m.type,
    name: m.name,
    user_id: m.userId,
    anonymous_id: m.anonymousId,
    properties: m.properties,
    context: m.context,
    message_id: m.messageId,
    occurred_at: m.occurredAt,
  }));
  // One JSON parameter, parsed by PostgreSQL, costs far less than thousands of bound values.
  await sql`
    with input as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(
        id uuid, contact_id uuid, type text, name text, user_id text, anonymous_id text,
        properties jsonb, context jsonb, message_id text, occurred_at timestamptz
      )
    ),
    stored as (
      insert into events (id, team_id, contact_id, type, name, user_id, anonymous_id, properties, context, message_id, occurred_at, received_at)
      select i.id, ${teamId}, coalesce(i.contact_id, c.id, case when i.user_id is null then a.contact_id end),
        i.type, i.name, i.user_id, i.anonymous_id, i.properties, i.context, i.message_id, i.occurred_at, ${options.receivedAt}
      from input i
      left join contacts c on c.team_id = ${teamId} and c.external_id = i.user_id
      left join contact_aliases a on a.team_id = ${teamId} and a.anonymous_id = i.anonymous_id
      on conflict (team_id, message_id) do nothing
    ),
    names as (
      insert into event_names (team_id, name)
      select distinct ${teamId}::uuid, name from input where name is not null
      on conflict do nothing
    )
    select 1
  `.execute(db);
}
