import type { Database } from "#db/database.ts";
import { requireTeamCampaignId } from "./team-campaign.ts";
import { classifyMailClient, MAIL_CLIENTS, type MailClient } from "#server/tracking/mail-client.ts";

export type ClientOpens = { client: MailClient; opens: number };

/**
 * The campaign's opens by mail client (classifyMailClient), every client listed in
 * MAIL_CLIENTS order, zeros included. `opens` counts pixel fetches, so a person who
 * reads twice counts twice; machines' fetches are "machine". Read from
 * campaign_client_opens (opens per User-Agent, kept by triggers as opens are written,
 * migration 2026-11-24T1540), so the cost follows the campaign's distinct agents, not
 * its opens. Another team's campaign is NOT_FOUND.
 */
export async function campaignClients(
  db: Database,
  options: { teamId: string; campaignId: string },
): Promise<ClientOpens[]> {
  const campaignId = await requireTeamCampaignId(db, options);
  const rows = await db
    .selectFrom("campaignClientOpens")
    .select(["machine", "userAgent", "opens"])
    .where("campaignId", "=", campaignId)
    .execute();
  const totals = new Map<MailClient, number>(MAIL_CLIENTS.map((client) => [client, 0]));
  for (const row of rows) {
    const client = classifyMailClient(row);
    totals.set(client, totals.get(client)! + row.opens);
  }
  return MAIL_CLIENTS.map((client) => ({ client, opens: totals.get(client)! }));
}
