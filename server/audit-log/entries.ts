import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import type { AuditLogFilter } from "#shared/audit/schemas.ts";

export const AUDIT_LOG_PAGE_SIZE = 50;

/** One entry as the page, the API and the CSV show it. */
export type AuditEntry = {
  id: string;
  at: Date;
  actor: { kind: "person" | "api-key"; id: string | null; name: string; email: string | null };
  action: string;
  target: { kind: string; id: string | null; label: string | null } | null;
  details: unknown;
  ip: string | null;
};

export type AuditLogRead = {
  access: TeamAccess;
  /** The team's time zone: the days of `from` and `to` are its days. */
  timeZone: string;
  filter: AuditLogFilter;
  limit?: number;
} & PageRequest;

/**
 * One page of the team's audit log, newest first (created_at desc, id desc), filtered
 * by person, action and days, by keyset: `after` is a page's nextCursor, `before` its
 * previousCursor. Each filter reads an index in that order (the migration's), so a page
 * costs one range read however long the log. Only Owners and Admins may read it
 * (FORBIDDEN otherwise); another team's entries are never read, whatever the filter.
 */
export async function auditLogPage(db: Database, options: AuditLogRead): Promise<KeysetPage<AuditEntry>> {
  authorize(options.access, "audit-log.read");
  const limit = Math.min(Math.max(options.limit ?? AUDIT_LOG_PAGE_SIZE, 1), 5000);
  const { filter, timeZone } = options;
  let query = db
    .selectFrom("auditLog")
    .select([
      "id",
      "createdAt",
      createdAtText(),
      "actorKind",
      "actorUserId",
      "actorKeyId",
      "actorName",
      "actorEmail",
      "action",
      "targetKind",
      "targetId",
      "targetLabel",
      "details",
      "ip",
    ])
    .where("teamId", "=", options.access.teamId)
    .limit(limit + 1);
  if (filter.actor) query = query.where("actorUserId", "=", filter.actor);
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.from)
    query = query.where(sql<boolean>`created_at >= (${filter.from}::date::timestamp at time zone ${timeZone})`);
  if (filter.to)
    query = query.where(sql<boolean>`created_at < ((${filter.to}::date + 1)::timestamp at time zone ${timeZone})`);
  const page = toKeysetPage(await newestFirst(query, options).execute(), {
    limit,
    request: options,
    cursorOf: cursorOfCreatedAt,
  });
  return {
    ...page,
    rows: page.rows.map((row) => ({
      id: row.id,
      at: row.createdAt,
      actor: {
        kind: row.actorKind === "api-key" ? "api-key" : "person",
        id: row.actorUserId ?? row.actorKeyId,
        name: row.actorName,
        email: row.actorEmail,
      },
      action: row.action,
      target: row.targetKind ? { kind: row.targetKind, id: row.targetId, label: row.targetLabel } : null,
      details: row.details,
      ip: row.ip,
    })),
  };
}

/** The team's people, by name, for the log's person filter; Owners and Admins only, like the log. */
export async function listAuditPeople(
  db: Database,
  options: { access: TeamAccess },
): Promise<Array<{ id: string; name: string; email: string }>> {
  authorize(options.access, "audit-log.read");
  return db
    .selectFrom("teamMembers")
    .innerJoin("users", "users.id", "teamMembers.userId")
    .select(["users.id", "users.name", "users.email"])
    .where("teamMembers.teamId", "=", options.access.teamId)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
}
