import type { Database } from "#db/database.ts";
import { csvDownload, isoCell, streamCsvPages } from "#server/csv-stream.ts";
import { listRecipients, type RecipientOutcome } from "./recipient-outcomes.ts";

/** Rows read per keyset step of the export: large enough to be quick, small enough to keep memory flat. */
const EXPORT_PAGE = 2000;
const HEADER = ["contact_id", "name", "address", "status", "sent_at", "opened_at", "clicked_at", "error"];

/**
 * A campaign's recipients (all, or those with one outcome) as CSV, read a keyset page
 * at a time only as the client takes the stream, so memory stays flat however many
 * there are. The caller has checked the campaign is the team's.
 */
export function streamRecipientsCsv(
  db: Database,
  options: { campaignId: string; outcome: RecipientOutcome | null },
): ReadableStream<Uint8Array> {
  return streamCsvPages<string>(HEADER, async (after) => {
    const page = await listRecipients(db, { ...options, after, limit: EXPORT_PAGE });
    const rows = page.rows.map((r) => [
      r.contactId,
      r.name ?? "",
      r.address,
      r.status,
      isoCell(r.sentAt),
      isoCell(r.openedAt),
      isoCell(r.clickedAt),
      r.error ?? "",
    ]);
    return { rows, next: page.nextCursor };
  });
}

/** The export as a download, named for its campaign and outcome. */
export function recipientsCsvResponse(
  db: Database,
  options: { campaignId: string; outcome: RecipientOutcome | null },
): Response {
  const name = `campaign-${options.campaignId.slice(0, 8)}-${options.outcome ?? "all"}-recipients.csv`;
  return csvDownload(streamRecipientsCsv(db, options), name);
}
