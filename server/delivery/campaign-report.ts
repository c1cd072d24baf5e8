import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { type CampaignView, getCampaign } from "#server/campaigns/campaigns.ts";
import { decodeKeyCursor, encodeKeyCursor } from "#server/keyset-cursor.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import { type CampaignAnalytics, campaignAnalytics, NO_ANALYTICS } from "#server/tracking/analytics.ts";
import { EXCLUSION_REASONS, type ExclusionReason } from "./audience.ts";
import { listRecipients, type RecipientOutcome, type RecipientRow } from "./recipient-outcomes.ts";

/** Rows per page of the recipients and excluded lists. */
export const REPORT_PAGE_SIZE = 50;

/** The ledger's statuses. */
/** The ledger's statuses; `skipped` is a message the team's frequency caps or quiet hours held back for good. */
export const DELIVERY_STATUSES = ["queued", "sending", "sent", "failed", "unknown", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type ExcludedRow = { contactId: string; name: string | null; address: string | null; reason: ExclusionReason };

export type CampaignReport = {
  campaign: CampaignView;
  progress: Record<DeliveryStatus, number> & { total: number };
  excluded: Record<ExclusionReason, number>;
  analytics: CampaignAnalytics;
  recipients: KeysetPage<RecipientRow>;
  excludedList: KeysetPage<ExcludedRow>;
};

/**
 * What the campaign page shows: progress by delivery status (from the counts the
 * ledger's triggers keep, so it is cheap to poll while ACTIVE), the funnel, the
 * excluded contacts by reason, and one page of each list, by keyset (the recipients
 * with one `outcome` or all of them; `recipients` and
 * `excluded` say which page; a cursor that is not one of ours is INVALID). Another
 * team's campaign is NOT_FOUND.
 */
export async function campaignReport(
  db: Database,
  options: {
    teamId: string;
    campaignId: string;
    outcome?: RecipientOutcome | null;
    recipients?: PageRequest;
    excluded?: PageRequest;
  },
): Promise<CampaignReport> {
  const campaign = await getCampaign(db, options);
  const [counts, excludedCounts, analytics, recipients, excludedList] = await Promise.all([
    db.selectFrom("campaignDeliveryCounts").select(["status", "total"]).where("campaignId", "=", campaign.id).execute(),
    db
      .selectFrom("excludedRecipients")
      .select(["reason", (eb) => eb.fn.countAll<string>().as("n")])
      .where("campaignId", "=", campaign.id)
      .groupBy("reason")
      .execute(),
    campaignAnalytics(db, { teamId: options.teamId, campaignIds: [campaign.id] }),
    listRecipients(db, {
      campaignId: campaign.id,
      outcome: options.outcome,
      limit: REPORT_PAGE_SIZE,
      ...options.recipients,
    }),
    excludedPage(db, campaign.id, options.excluded ?? {}),
  ]);
  const progress = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, unknown: 0, skipped: 0 };
  for (const row of counts) {
    const status = row.status as DeliveryStatus;
    progress[status] += Number(row.total);
    progress.total += Number(row.total);
  }
  const excluded = Object.fromEntries(EXCLUSION_REASONS.map((reason) => [reason, 0])) as Record<
    ExclusionReason,
    number
  >;
  for (const row of excludedCounts) excluded[row.reason as ExclusionReason] = Number(row.n);
  return {
    campaign,
    progress,
    excluded,
    analytics: analytics.get(campaign.id) ?? NO_ANALYTICS,
    recipients,
    excludedList,
  };
}

const REASON_TEXT = new RegExp(`^(${EXCLUSION_REASONS.join("|")})$`);
const UUID_TEXT = /^[0-9a-f-]{36}$/i;

/**
 * The excluded contacts by reason, then contact (excluded_recipients_reason_idx), a page after or before one of them.
 */
async function excludedPage(db: Database, campaignId: string, request: PageRequest): Promise<KeysetPage<ExcludedRow>> {
  const after = request.after ? decodeKeyCursor(request.after, [REASON_TEXT, UUID_TEXT]) : null;
  const before = !after && request.before ? decodeKeyCursor(request.before, [REASON_TEXT, UUID_TEXT]) : null;
  const { rows } = await sql<ExcludedRow>`
    select e.contact_id, c.name, e.address, e.reason
    from excluded_recipients e left join contacts c on c.id = e.contact_id
    where e.campaign_id = ${campaignId}
      ${after ? sql`and (e.reason, e.contact_id) > (${after[0]}, ${after[1]}::uuid)` : sql``}
      ${before ? sql`and (e.reason, e.contact_id) < (${before[0]}, ${before[1]}::uuid)` : sql``}
    order by e.reason ${before ? sql`desc` : sql`asc`}, e.contact_id ${before ? sql`desc` : sql`asc`}
    limit ${REPORT_PAGE_SIZE + 1}`.execute(db);
  return toKeysetPage(rows, {
    limit: REPORT_PAGE_SIZE,
    request,
    cursorOf: (row) => encodeKeyCursor([row.reason, row.contactId]),
  });
}
