import type { Database } from "#db/database.ts";
import { streamCsvPages } from "#server/csv-stream.ts";
import { authorize } from "#server/teams/permissions.ts";
import { auditActionLabel } from "#shared/audit/actions.ts";
import { type AuditLogRead, auditLogPage } from "./entries.ts";

const PAGE = 1000;
const HEADER = [
  "time",
  "actor_kind",
  "actor_id",
  "actor_name",
  "actor_email",
  "action",
  "action_label",
  "target_kind",
  "target_id",
  "target_label",
  "details",
  "ip",
];

/**
 * The entries a filter matches as CSV, newest first, read a keyset page at a time as
 * the client takes the stream, so memory stays at one page. The permission is checked
 * here, before the stream starts, so a Marketer gets a 403 rather than a broken file.
 */
export function streamAuditLogCsv(
  db: Database,
  options: Omit<AuditLogRead, "after" | "before" | "limit">,
): ReadableStream<Uint8Array> {
  authorize(options.access, "audit-log.read");
  return streamCsvPages<string>(HEADER, async (after) => {
    const page = await auditLogPage(db, { ...options, after, limit: PAGE });
    const rows = page.rows.map((entry) => [
      entry.at.toISOString(),
      entry.actor.kind,
      entry.actor.id ?? "",
      entry.actor.name,
      entry.actor.email ?? "",
      entry.action,
      auditActionLabel(entry.action),
      entry.target?.kind ?? "",
      entry.target?.id ?? "",
      entry.target?.label ?? "",
      JSON.stringify(entry.details),
      entry.ip ?? "",
    ]);
    return { rows, next: page.nextCursor };
  });
}
