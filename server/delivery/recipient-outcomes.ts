import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/database.ts";
import { decodeIdCursor, encodeIdCursor } from "#server/keyset-cursor.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";

/**
 * What became of a recipient's message, as the recipients list filters it. Opened and
 * clicked are a person's (a click counts as an open); machine hits count for neither
 * (docs/decisions/013). Failed leaves bounces out (they were sent; a bounce is its own
 * outcome), as the funnel counts them. Not opened: sent, not bounced, no person opened it.
 * Held back: skipped by the team's frequency caps or quiet hours (the reason is the row's error).
 */
export const RECIPIENT_OUTCOMES = [
  "opened",
  "clicked",
  "bounced",
  "unsubscribed",
  "failed",
  "not_opened",
  "held_back",
] as const;
export type RecipientOutcome = (typeof RECIPIENT_OUTCOMES)[number];

/**
 * A recipient's status as the page shows it: the ledger's, told more precisely once the provider reported back or the
 * address bounced.
 */
export type RecipientStatus =
  "queued" | "sending" | "sent" | "failed" | "unknown" | "skipped" | "delivered" | "read" | "bounced";

export type RecipientRow = {
  contactId: string;
  name: string | null;
  address: string;
  status: RecipientStatus;
  error: string | null;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
};

/**
 * Each list's source and keyset key. Lists kept by the ledger walk the campaign's
 * deliveries in contact order; lists of engagement walk the matching partial index of
 * delivery_engagement in delivery order (migration 1180), so every page is one index
 * range read, never a scan of the campaign and a sort.
 */
const LEDGER = {
  from: sql`deliveries d left join delivery_engagement e on e.delivery_id = d.id`,
  key: sql`d.contact_id`,
};
const ENGAGEMENT = {
  from: sql`delivery_engagement e join deliveries d on d.id = e.delivery_id`,
  key: sql`e.delivery_id`,
};
const LISTS: Record<RecipientOutcome | "all", { from: RawBuilder<unknown>; key: RawBuilder<unknown> }> = {
  all: LEDGER,
  failed: LEDGER,
  bounced: LEDGER,
  not_opened: LEDGER,
  held_back: LEDGER,
  opened: ENGAGEMENT,
  clicked: ENGAGEMENT,
  unsubscribed: ENGAGEMENT,
};

/** The condition of each list, written so PostgreSQL matches it to the partial index that serves it. */
function outcomeCondition(outcome: RecipientOutcome | "all", campaignId: string): RawBuilder<unknown> {
  switch (outcome) {
    case "all":
      return sql`d.campaign_id = ${campaignId}`;
    case "failed":
      return sql`d.campaign_id = ${campaignId} and d.status = 'failed' and d.bounced_at is null`;
    case "bounced":
      return sql`d.campaign_id = ${campaignId} and d.bounced_at is not null`;
    case "not_opened":
      return sql`d.campaign_id = ${campaignId} and d.status = 'sent' and d.bounced_at is null
        and not exists (select from delivery_engagement o where o.delivery_id = d.id and o.opened_at is not null)`;
    case "held_back":
      return sql`d.campaign_id = ${campaignId} and d.status = 'skipped'`;
    case "opened":
    case "clicked":
    case "unsubscribed":
      return sql`e.campaign_id = ${campaignId} and ${sql.ref(`e.${outcome}_at`)} is not null`;
  }
}

/**
 * One page of a campaign's recipients, all of them or those with one outcome, by
 * keyset (`after` a page's nextCursor, `before` its previousCursor; a cursor that is
 * not one of ours is INVALID). The caller has checked the campaign is the team's.
 * Each row carries when a person first opened and clicked, for "who clicked" lists.
 */
export async function listRecipients(
  db: Database,
  options: { campaignId: string; outcome?: RecipientOutcome | null; limit: number } & PageRequest,
): Promise<KeysetPage<RecipientRow & { key: string }>> {
  const outcome = options.outcome ?? "all";
  const { from, key } = LISTS[outcome];
  const after = options.after ? decodeIdCursor(options.after) : null;
  const before = !after && options.before ? decodeIdCursor(options.before) : null;
  const direction = before ? sql`desc` : sql`asc`;
  const { rows } = await sql<RecipientRow & { key: string }>`
    select ${key} as key, d.contact_id, c.name, d.address, d.error, d.sent_at,
      e.opened_at, e.clicked_at,
      case
        when d.bounced_at is not null then 'bounced'
        when d.status = 'sent' and d.read_at is not null then 'read'
        when d.status = 'sent' and d.delivered_at is not null then 'delivered'
        else d.status
      end as status
    from ${from} left join contacts c on c.id = d.contact_id
    where ${outcomeCondition(outcome, options.campaignId)}
      ${after ? sql`and ${key} > ${after}::uuid` : sql``}
      ${before ? sql`and ${key} < ${before}::uuid` : sql``}
    order by ${key} ${direction}
    limit ${options.limit + 1}`.execute(db);
  return toKeysetPage(rows, { limit: options.limit, request: options, cursorOf: (row) => encodeIdCursor(row.key) });
}
