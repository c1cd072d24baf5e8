import { sql } from "kysely";
import { getDb } from "#db/database.ts";

// Every Analytics figure counted again straight from the raw rows (the ledger,
// every engagement event, contacts, events), by local day of a time zone, with no
// rollup in sight: what the page and API must agree with.

export type RawDay = Record<string, number> & { date?: never };

const FIGURES = [
  "sent",
  "delivered",
  "bounced",
  "failed",
  "opened",
  "clicked",
  "unsubscribed",
  "opens",
  "clicks",
  "botOpened",
  "botOpens",
  "botClicks",
] as const;

/** Figures per local date (YYYY-MM-DD) of the team's deliveries and their engagement events. */
export async function recomputeCampaignDays(
  teamId: string,
  timeZone: string,
  filter: { channel?: string } = {},
): Promise<Map<string, Record<string, number>>> {
  const day = (column: string) => sql.raw(`to_char((${column} at time zone '${timeZone}')::date, 'YYYY-MM-DD')`);
  const channel = filter.channel ? sql`and d.channel = ${filter.channel}` : sql``;
  const { rows } = await sql<{ date: string; figure: string; n: number }>`
    with d as (select * from deliveries d where d.team_id = ${teamId} ${channel}),
    firsts as (
      select e.delivery_id,
        min(e.occurred_at) filter (where e.kind in ('open', 'click')) as opened_at,
        min(e.occurred_at) filter (where e.kind = 'click') as clicked_at,
        min(e.occurred_at) filter (where e.kind = 'unsubscribe') as unsubscribed_at,
        min(e.occurred_at) filter (where e.kind = 'bot_open') as bot_opened_at
      from engagement_events e join d on d.id = e.delivery_id group by e.delivery_id
    ),
    facts as (
      select ${day("coalesce(sent_at, bounced_at)")} as date, 'sent' as figure from d where status = 'sent' or bounced_at is not null
      union all select ${day("sent_at")}, 'delivered' from d where channel = 'EMAIL' and status = 'sent'
      union all select ${day("delivered_at")}, 'delivered' from d where channel <> 'EMAIL' and delivered_at is not null
      union all select ${day("bounced_at")}, 'bounced' from d where bounced_at is not null
      union all select ${day("failed_at")}, 'failed' from d where status = 'failed' and bounced_at is null
      union all select ${day("opened_at")}, 'opened' from firsts where opened_at is not null
      union all select ${day("clicked_at")}, 'clicked' from firsts where clicked_at is not null
      union all select ${day("unsubscribed_at")}, 'unsubscribed' from firsts where unsubscribed_at is not null
      union all select ${day("bot_opened_at")}, 'botOpened' from firsts where bot_opened_at is not null and opened_at is null
      union all select ${day("e.occurred_at")}, case e.kind when 'open' then 'opens' when 'click' then 'clicks' when 'bot_open' then 'botOpens' else 'botClicks' end
        from engagement_events e join d on d.id = e.delivery_id where e.kind <> 'unsubscribe'
    )
    select date, figure, count(*)::int as n from facts group by 1, 2`.execute(getDb());
  const days = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const figures = days.get(row.date) ?? Object.fromEntries(FIGURES.map((f) => [f, 0]));
    figures[row.figure] = row.n;
    days.set(row.date, figures);
  }
  return days;
}

/** Events per (name, local date) and distinct people per (name, local date). */
export async function recomputeEventDays(teamId: string, timeZone: string) {
  const { rows } = await sql<{ name: string; date: string; events: number; people: number }>`
    select name, to_char((occurred_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as date, count(*)::int as events, count(distinct contact_id)::int as people
    from events where team_id = ${teamId} and name is not null group by 1, 2`.execute(getDb());
  return rows;
}

/** Contacts created per local date. */
export async function recomputeContactsAdded(teamId: string, timeZone: string) {
  const { rows } = await sql<{ date: string; added: number }>`
    select to_char((created_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as date, count(*)::int as added
    from contacts where team_id = ${teamId} group by 1`.execute(getDb());
  return rows;
}
