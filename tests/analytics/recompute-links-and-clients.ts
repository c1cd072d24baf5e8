import { getDb } from "#db/database.ts";
import { classifyMailClient, MAIL_CLIENTS } from "#server/tracking/mail-client.ts";

// A campaign's links and mail clients counted again from every one of its engagement
// events, in plain code: what the campaign page and API must agree with.

/** Per URL, people's clicks and the deliveries that made them, most followed first as the page lists them. */
export async function recomputeCampaignLinks(campaignId: string) {
  const clicks = await getDb()
    .selectFrom("engagementEvents")
    .select(["deliveryId", "url"])
    .where("campaignId", "=", campaignId)
    .where("kind", "=", "click")
    .execute();
  const byUrl = new Map<string, { clicks: number; deliveries: Set<string | null> }>();
  for (const click of clicks) {
    const link = byUrl.get(click.url!) ?? { clicks: 0, deliveries: new Set() };
    link.clicks += 1;
    link.deliveries.add(click.deliveryId);
    byUrl.set(click.url!, link);
  }
  return [...byUrl]
    .map(([url, link]) => ({ url, uniqueClicks: link.deliveries.size, clicks: link.clicks }))
    .sort((a, b) => b.uniqueClicks - a.uniqueClicks || b.clicks - a.clicks || (a.url < b.url ? -1 : 1));
}

/** Every pixel fetch of the campaign, by the mail client its User-Agent names. */
export async function recomputeCampaignClients(campaignId: string) {
  const opens = await getDb()
    .selectFrom("engagementEvents")
    .select(["kind", "userAgent"])
    .where("campaignId", "=", campaignId)
    .where("kind", "in", ["open", "bot_open"])
    .execute();
  return MAIL_CLIENTS.map((client) => ({
    client,
    opens: opens.filter(
      (o) => classifyMailClient({ userAgent: o.userAgent, machine: o.kind === "bot_open" }) === client,
    ).length,
  }));
}
