import type { Database } from "#db/database.ts";
import { toCsvLine } from "#server/csv.ts";
import { listRecipients, type RecipientOutcome } from "./recipient-outcomes.ts";

/** Rows read per keyset step of the export: large enough to be quick, small enough to keep memory flat. */
const EXPORT_PAGE = 2000;
const HEADER = ["contact_id", "name", "address", "status", "sent_at", "opened_at", "clicked_at", "error"];

const iso = (at: Date | null) => (at ? at.toISOString() : "");

/**
 * A campaign's recipients (all, or those with one outcome) as CSV, read a keyset page
 * at a time only as the client takes the stream, so memory stays flat however many
 * there are. The caller has checked the campaign is the team's.
 */
export function streamRecipientsCsv(
  db: Database,
  options: { campaignId: string; outcome: RecipientOutcome | null },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsvLine(HEADER)));
        return;
      }
      const page = await listRecipients(db, { ...options, after: cursor, limit: EXPORT_PAGE });
      const lines = page.rows.map((r) =>
        toCsvLine([
          r.contactId,
          r.name ?? "",
          r.address,
          r.status,
          iso(r.sentAt),
          iso(r.openedAt),
          iso(r.clickedAt),
          r.error ?? "",
        ]),
      );
      if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
      cursor = page.nextCursor;
      if (!cursor) controller.close();
    },
  });
}

/** The export as a download, named for its campaign and outcome. */
export function recipientsCsvResponse(
  db: Database,
  options: { campaignId: string; outcome: RecipientOutcome | null },
): Response {
  const name = `campaign-${options.campaignId.slice(0, 8)}-${options.outcome ?? "all"}-recipients.csv`;
  return new Response(streamRecipientsCsv(db, options), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
