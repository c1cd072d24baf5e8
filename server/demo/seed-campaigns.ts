import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { demoRandom } from "./demo-random.ts";
import { PLAN_UPGRADED } from "./demo-product.ts";
import { type SentDemoCampaign, SENT_CAMPAIGNS, UNSENT_CAMPAIGNS } from "./demo-campaigns.ts";
import type { SeedOptions } from "./seed-contacts.ts";
import type { SeededSegments } from "./seed-segments.ts";

const DAY_MS = 86_400_000;
/** Messages of one campaign go out over this many seconds, as a throttled send would. */
const SEND_SPREAD_SECONDS = 20 * 60;
const LINK_URL = "https://larkspur.example.com/pricing";

/**
 * The demo's campaigns: five sent (four emails, one SMS) with their ledger, engagement
 * and conversions, one draft and one scheduled. Written to the same tables the send
 * pipeline and tracking write, so the analytics rollups (kept by triggers on the
 * ledger and engagement, decision 020) and every campaign page read them as real.
 */
export async function seedCampaigns(db: Database, options: SeedOptions & { segments: SeededSegments }): Promise<void> {
  for (const campaign of SENT_CAMPAIGNS) await seedSentCampaign(db, options, campaign);
  const { teamId, now } = options;
  await db
    .insertInto("campaigns")
    .values(
      UNSENT_CAMPAIGNS.map((campaign, index) => ({
        id: newId(now.getTime() - (index + 1) * DAY_MS),
        teamId,
        name: campaign.name,
        type: "EMAIL",
        state: campaign.state,
        subject: campaign.subject,
        content: campaign.content,
        contentFormat: "MARKDOWN",
        scheduledAt: campaign.scheduledInDays ? new Date(now.getTime() + campaign.scheduledInDays * DAY_MS) : null,
        createdAt: new Date(now.getTime() - (index + 1) * DAY_MS),
      })),
    )
    .execute();
}

async function seedSentCampaign(
  db: Database,
  options: SeedOptions & { segments: SeededSegments },
  campaign: SentDemoCampaign,
): Promise<void> {
  const { teamId, seed, now, segments } = options;
  const startedAt = new Date(now.getTime() - campaign.sentDaysAgo * DAY_MS);
  const id = newId(startedAt.getTime() - DAY_MS);
  await db
    .insertInto("campaigns")
    .values({
      id,
      teamId,
      name: campaign.name,
      type: campaign.type,
      state: "SENT",
      subject: campaign.subject,
      content: campaign.content,
      contentFormat: campaign.type === "EMAIL" ? "MARKDOWN" : "HTML",
      conversionGoal: campaign.goal ? JSON.stringify(campaign.goal) : null,
      createdAt: new Date(startedAt.getTime() - DAY_MS),
      updatedAt: startedAt,
      startRequestedAt: startedAt,
      startedAt,
      resolvedAt: startedAt,
      sentAt: new Date(startedAt.getTime() + SEND_SPREAD_SECONDS * 1000),
    })
    .execute();
  if (campaign.segment)
    await db
      .insertInto("campaignSegments")
      .values({ campaignId: id, segmentId: segments[campaign.segment]!, position: 0 })
      .execute();

  const key = campaign.key;
  const r = (what: string) => demoRandom(seed, `${key}-${what}`, sql`c.external_id`);
  const address = campaign.type === "EMAIL" ? sql`c.email` : sql`c.phone`;
  const audience = campaign.segment === "paying" ? sql`and c.attributes ->> 'plan' in ('pro', 'team')` : sql``;
  // The ledger: sent, a few bounced (email) and a few failed, as a provider answers.
  await sql`
    insert into deliveries (team_id, campaign_id, contact_id, channel, address, status, attempts, queued_at, sent_at,
      delivered_at, bounced_at, failed_at, error, updated_at)
    select ${teamId}::uuid, ${id}::uuid, c.id, ${campaign.type}, ${address},
      case when fate < 0.005 then 'failed' else 'sent' end, 1, ${startedAt}::timestamptz, sent,
      case when ${campaign.type} <> 'EMAIL' and fate >= 0.005 then sent + interval '8 seconds' end,
      case when ${campaign.type} = 'EMAIL' and fate >= 0.005 and fate < 0.02 then sent + interval '2 minutes' end,
      case when fate < 0.005 then sent end,
      case when fate < 0.005 then 'Mailbox unavailable (demo)' end, sent
    from contacts c
    cross join lateral (select ${r("fate")} as fate,
      ${startedAt}::timestamptz + make_interval(secs => ${r("sent")} * ${SEND_SPREAD_SECONDS}) as sent) as f
    where c.team_id = ${teamId} and ${address} is not null and c.created_at < ${startedAt}
      and ${r("audience")} < ${campaign.share} ${audience}
  `.execute(db);
  await seedEngagement(db, { teamId, seed, now, campaignId: id, campaign });
}

/**
 * Opens, clicks and unsubscribes of a sent campaign's received messages, as tracking
 * records them: the per-delivery summary (delivery_engagement), each hit
 * (engagement_events), the campaign's totals (campaign_engagement), the contacts who
 * unsubscribed, and the goal's events for those who converted.
 */
async function seedEngagement(
  db: Database,
  options: { teamId: string; seed: number; now: Date; campaignId: string; campaign: SentDemoCampaign },
): Promise<void> {
  const { teamId, seed, now, campaignId, campaign } = options;
  // Keyed by the contact's userId, not its id (which differs from team to team), so a seed repeats exactly.
  const r = (what: string) => demoRandom(seed, `${campaign.key}-${what}`, sql`c.external_id`);
  const email = campaign.type === "EMAIL";
  // Among people who opened, the share who clicked; SMS has no open pixel, a click is its open.
  const clickGivenOpen = email ? campaign.clickRate / campaign.openRate : campaign.clickRate;
  await sql`
    insert into delivery_engagement (delivery_id, campaign_id, opened_at, clicked_at, unsubscribed_at, opens, clicks)
    select id, ${campaignId}::uuid, opened_at, clicked_at,
      case when ${email} and unsubscribes then opened_at + interval '3 minutes' end,
      case when ${email} then 1 else 0 end, case when clicked_at is null then 0 else 1 end
    from (
      select d.id, least(${now}::timestamptz, d.sent_at + make_interval(secs => ${r("open-at")} * 172800)) as seen,
        ${r("open")} < ${email ? campaign.openRate : 1} as opens, ${r("click")} < ${clickGivenOpen} as clicks,
        ${r("unsubscribed")} < 0.015 as unsubscribes
      from deliveries d join contacts c on c.id = d.contact_id
      where d.campaign_id = ${campaignId} and d.status = 'sent' and d.bounced_at is null
    ) e
    cross join lateral (select case when ${email} then case when opens then seen end
        when clicks then seen end as opened_at,
      case when opens and clicks then seen + interval '90 seconds' end as clicked_at) as t
    where opened_at is not null
  `.execute(db);
  await sql`
    insert into engagement_events (team_id, delivery_id, campaign_id, contact_id, kind, link_index, url, occurred_at)
    select ${teamId}::uuid, e.delivery_id, ${campaignId}::uuid, d.contact_id, hit.kind, hit.link_index, hit.url, hit.at
    from delivery_engagement e join deliveries d on d.id = e.delivery_id
    cross join lateral (values
      ('open', null::int, null::text, case when ${email} then e.opened_at end),
      ('click', 0, ${LINK_URL}, e.clicked_at),
      ('unsubscribe', null, null, e.unsubscribed_at)) as hit(kind, link_index, url, at)
    where e.campaign_id = ${campaignId} and hit.at is not null
  `.execute(db);
  await sql`
    insert into campaign_engagement (campaign_id, opened, clicked, unsubscribed)
    select ${campaignId}::uuid, count(opened_at), count(clicked_at), count(unsubscribed_at)
    from delivery_engagement where campaign_id = ${campaignId}
  `.execute(db);
  await sql`
    update contacts c set email_status = 'unsubscribed', updated_at = e.unsubscribed_at
    from delivery_engagement e join deliveries d on d.id = e.delivery_id
    where e.campaign_id = ${campaignId} and e.unsubscribed_at is not null and c.id = d.contact_id
  `.execute(db);
  if (!campaign.goal) return;
  // A third of those who clicked upgrade within three days, as the goal event the tracking API would store.
  await sql`
    insert into events (id, team_id, message_id, type, name, user_id, contact_id, occurred_at, received_at, properties)
    select gen_random_uuid(), ${teamId}::uuid, 'demo-' || ${campaign.key} || '-' || c.external_id, 'track', ${PLAN_UPGRADED},
      c.external_id, c.id, at, at, jsonb_build_object('plan', 'pro', 'amount', 29)
    from delivery_engagement e join deliveries d on d.id = e.delivery_id join contacts c on c.id = d.contact_id
    cross join lateral (select e.clicked_at + make_interval(secs => ${r("converted-at")} * 259200) as at) as t
    where e.campaign_id = ${campaignId} and e.clicked_at is not null and ${r("converts")} < 0.35 and at <= ${now}
  `.execute(db);
}
