import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { compileJsonKey, momentOf } from "#server/segments/filter/compile-values.ts";
import type { PropertyCondition } from "#shared/segments/filter/schema.ts";

/** An event a run asks about: its name, property conditions and, for a wait, the triggering event's property it must share. */
export type AskedEvent = {
  event: string;
  properties: PropertyCondition[];
  matchProperty?: string | null;
};

/**
 * A run asking whether the contact did `asked` since entering; `key` groups the runs
 * asking the same thing. `afterReceived` overrides the call's for this question.
 */
export type EventQuestion = { runId: string; key: string; asked: AskedEvent; afterReceived?: boolean };

/**
 * The runs whose contact performed the asked event since the run entered, each with
 * the own time of the earliest such event: an event of the contact with that name
 * and properties (and, when asked, the same value of the match property as the run's
 * triggering event), whose own time is at or after the triggering event's own time
 * (for runs entered otherwise, the entry's time), the triggering event itself
 * excepted. With `afterReceived`, for a wait, only events after the one the run's
 * last wait received count, so two waits for the same event need two events. Stored
 * time does not order them: a batch stores the cart and the order with one time, and
 * the order must follow the cart.
 *
 * One statement for all the questions (a branch per distinct question), each
 * answered from events (contact_id, name, occurred_at) as an index range per month
 * partition from the entry on, so the cost is a few index probes per run whatever the
 * contact's history. `now` is the moment "within the last N days" conditions use.
 */
export async function runsWithEventSinceEntry(
  trx: Database,
  questions: EventQuestion[],
  options: { now: Date; afterReceived: boolean },
): Promise<Map<string, Date>> {
  const answers = await answersSinceEntry(trx, questions, options);
  return new Map(answers.map((answer) => [answer.runId, answer.occurredAt]));
}

/**
 * runsWithEventSinceEntry's answers one by one, each with the key of the question it
 * answers: for a run asking more than one thing in one statement (so about the same
 * events, as committed when the statement starts).
 */
export async function answersSinceEntry(
  trx: Database,
  questions: EventQuestion[],
  options: { now: Date; afterReceived: boolean },
): Promise<{ runId: string; key: string; occurredAt: Date }[]> {
  if (questions.length === 0) return [];
  const afterReceived = (question: EventQuestion) => question.afterReceived ?? options.afterReceived;
  const groups = Map.groupBy(questions, (question) => `${afterReceived(question)}:${question.key}`);
  const moment = momentOf(options.now);
  const branches = [...groups.values()].map((group) => {
    const { asked } = group[0]!;
    const from = afterReceived(group[0]!)
      ? sql`greatest(coalesce(r.trigger_occurred_at, r.entered_at), r.last_received_at)
        and (r.last_received_at is null or e.occurred_at > r.last_received_at)`
      : sql`coalesce(r.trigger_occurred_at, r.entered_at)`;
    const conditions = asked.properties.map(
      (condition) => sql`and ${compileJsonKey(sql`e.properties`, condition.property, condition, moment)}`,
    );
    const match = asked.matchProperty
      ? sql`and (e.properties ->> ${asked.matchProperty}) = (r.trigger_properties ->> ${asked.matchProperty})`
      : sql``;
    // A lateral LIMIT 1 rather than EXISTS: it keeps the read a range of the contact's index
    // entries per run (contact_id, name, occurred_at), which a semi-join over the event name may not.
    return sql`(select r.id, ${group[0]!.key}::text as key, performed.occurred_at from journey_runs r
      cross join lateral (
        select e.occurred_at from events e
        where e.contact_id = r.contact_id and e.name = ${asked.event} and e.team_id = r.team_id
          and e.occurred_at >= ${from}
          and e.message_id is distinct from r.trigger_message_id
          ${match} ${conditions.length > 0 ? sql.join(conditions, sql` `) : sql``}
        order by e.occurred_at limit 1) performed
      where r.id = any(${group.map((q) => q.runId)}::uuid[]))`;
  });
  const { rows } = await sql<{
    id: string;
    key: string;
    occurredAt: Date;
  }>`${sql.join(branches, sql` union all `)}`.execute(trx);
  return rows.map((row) => ({ runId: row.id, key: row.key, occurredAt: row.occurredAt }));
}

/**
 * Records, for runs whose wait for an event just received one, that event's own time (see
 * runsWithEventSinceEntry). The runs are found by their primary key (see saveRuns).
 */
export async function recordReceived(trx: Database, received: Map<string, Date | null>): Promise<void> {
  if (received.size === 0) return;
  await sql`update journey_runs r set last_received_at = coalesce(u.at, r.last_received_at)
    from unnest(${[...received.keys()]}::uuid[], ${[...received.values()].map((at) => at?.toISOString() ?? null)}::timestamptz[])
      as u(id, at)
    where r.id = u.id and r.id = any(${[...received.keys()]}::uuid[])`.execute(trx);
}
