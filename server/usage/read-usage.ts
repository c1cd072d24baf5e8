import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { teamTimeZone } from "#server/teams/team-time-zone.ts";
import type { UsageLimits } from "./limits.ts";
import { estimateTeamStorage } from "./storage-estimate.ts";

export const USAGE_CHANNELS = ["EMAIL", "SMS", "WHATSAPP"] as const;
type Channel = (typeof USAGE_CHANNELS)[number];

export type Metered = { used: number; limit: number | null };

export type TeamUsage = {
  timeZone: string;
  /** The first local day of the month counted, YYYY-MM-DD. */
  monthStart: string;
  contacts: Metered;
  eventsThisMonth: Metered;
  messagesThisMonth: Record<Channel, Metered>;
  /** Estimated, never measured: see estimateTeamStorage. */
  storageBytes: Metered;
};

/**
 * What a team uses, each figure beside the operator's limit (null: none). Months are
 * the team's calendar months in its time zone, counted from the analytics rollups
 * (events as rolled up by the worker, messages as sent or failed per channel), so
 * reading this costs index reads of a month of hours, never a scan of the ledger.
 */
export async function readTeamUsage(
  db: Database,
  options: { teamId: string; limits: UsageLimits; now?: Date },
): Promise<TeamUsage> {
  const { teamId, limits } = options;
  const now = options.now ?? new Date();
  const timeZone = await teamTimeZone(db, teamId);
  const localMonth = sql<string>`date_trunc('month', ${now}::timestamptz at time zone ${timeZone})`;
  const monthStartsAt = sql<Date>`(${localMonth} at time zone ${timeZone})`;

  const [contacts, events, messages, allTime, month] = await Promise.all([
    db.selectFrom("teamContactCounts").select("total").where("teamId", "=", teamId).executeTakeFirst(),
    db
      .selectFrom("teamEventHourly")
      .select(sql<number>`coalesce(sum(events), 0)::float8`.as("events"))
      .where("teamId", "=", teamId)
      .where("hour", ">=", monthStartsAt)
      .where("hour", "<=", now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("campaignHourlyStats")
      .select(["channel", sql<number>`sum(sent)::float8`.as("sent")])
      .where("teamId", "=", teamId)
      .where("hour", ">=", monthStartsAt)
      .where("hour", "<=", now)
      .groupBy("channel")
      .execute(),
    allTimeRows(db, teamId),
    sql<{ monthStart: string }>`select to_char(${localMonth}, 'YYYY-MM-DD') as "monthStart"`.execute(db),
  ]);
  const contactCount = Number(contacts?.total ?? 0);
  const sent = (channel: Channel) => messages.find((row) => row.channel === channel)?.sent ?? 0;
  const storage = await estimateTeamStorage(db, { contacts: contactCount, ...allTime });
  return {
    timeZone,
    monthStart: month.rows[0]!.monthStart,
    contacts: { used: contactCount, limit: limits.contacts },
    eventsThisMonth: { used: events.events, limit: limits.eventsPerMonth },
    messagesThisMonth: {
      EMAIL: { used: sent("EMAIL"), limit: limits.messagesPerMonth.EMAIL },
      SMS: { used: sent("SMS"), limit: limits.messagesPerMonth.SMS },
      WHATSAPP: { used: sent("WHATSAPP"), limit: limits.messagesPerMonth.WHATSAPP },
    },
    storageBytes: { used: storage, limit: limits.storageBytes },
  };
}

/** The team's events and delivery rows ever, from the rollups (a delivery is one sent or failed message). */
async function allTimeRows(db: Database, teamId: string): Promise<{ events: number; deliveries: number }> {
  const [events, deliveries] = await Promise.all([
    db
      .selectFrom("teamEventHourly")
      .select(sql<number>`coalesce(sum(events), 0)::float8`.as("n"))
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("campaignHourlyStats")
      .select(sql<number>`coalesce(sum(sent + failed), 0)::float8`.as("n"))
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow(),
  ]);
  return { events: events.n, deliveries: deliveries.n };
}
