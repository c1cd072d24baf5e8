import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { requireTeamCampaignId } from "./team-campaign.ts";
import { classifyMailClient, MAIL_CLIENTS, type MailClient } from "#server/tracking/mail-client.ts";

export type ClientOpens = { client: MailClient; opens: number };

/**
 * The campaign's opens by mail client (classifyMailClient), every client listed in
 * MAIL_CLIENTS order, zeros included. `opens` counts pixel fetches, so a person who
 * reads twice counts twice; machines' fetches are "machine". Reads only this
 * campaign's opens, grouped by User-Agent in index order
 * (engagement_events_campaign_opens_idx). Another team's campaign is NOT_FOUND.
 */
export async function campaignClients(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<ClientOpens[]> {
  const campaignId = await requireTeamCampaignId(db, options);
  const { rows } = await sql<{ kind: string; userAgent: string | null; opens: number }>`
    select kind, user_agent, count(*)::int as opens
    from engagement_events
    where campaign_id = ${campaignId} and kind in ('open', 'bot_open')
    group by kind, user_agent`.execute(db);
  const totals = new Map<MailClient, number>(MAIL_CLIENTS.map((client) => [client, 0]));
  for (const row of rows) {
    const client = classifyMailClient({ userAgent: row.userAgent, machine: row.kind === "bot_open" });
    totals.set(client, totals.get(client)! + row.opens);
  }
  return MAIL_CLIENTS.map((client) => ({ client, opens: totals.get(client)! }));
}
