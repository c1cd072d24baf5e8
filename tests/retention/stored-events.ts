import { sql } from "kysely";
import { getDb } from "#db/database.ts";
import { seedEvents } from "../events/seed.ts";

/** A team's stored events, oldest first, each with the partition that holds it. */
export async function eventsWithPartition(teamId: string) {
  const { rows } = await sql<{ messageId: string; occurredAt: Date; partition: string }>`
    select message_id as "messageId", occurred_at as "occurredAt", tableoid::regclass::text as partition
    from events where team_id = ${teamId} order by occurred_at, message_id
  `.execute(getDb());
  return rows;
}

/** Track events of one user at the given times, each with its time as messageId, so a test can name them. */
export async function trackAt(teamId: string, times: Date[], options: { userId?: string; name?: string } = {}) {
  await seedEvents(
    teamId,
    times.map((time) => ({
      name: options.name ?? "Report Exported",
      userId: options.userId ?? "user-1",
      messageId: `${options.userId ?? "user-1"}@${time.toISOString()}`,
      occurredAt: time,
    })),
  );
}
