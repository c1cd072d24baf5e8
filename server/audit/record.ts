import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import type { AuditAction, AuditTargetKind } from "#shared/audit/actions.ts";
import { auditDetails } from "./details.ts";

// The shape of server/teams/permissions.ts's TeamAccess, restated: the domains that
// record (teams among them) import this folder, so it cannot import theirs back.
export type AuditActor = { kind: "person"; userId: string } | { kind: "api-key"; keyId: string };
export type AuditAccess = { teamId: string; actor: AuditActor };

/** What an entry is about; the label is frozen with it, so a deleted campaign still reads by name. */
export type AuditTarget = { kind: AuditTargetKind; id: string; label?: string | null };

export type AuditEntryInput = {
  /** The team and who acted in it, as the domain function received them. */
  access: AuditAccess;
  action: AuditAction;
  target?: AuditTarget | null;
  /** What changed; values under keys that name a secret are dropped (details.ts). */
  details?: Record<string, unknown>;
  ip?: string | null;
  /** An API key's name, when the caller has it; a person's name and email are read from their account. */
  actorName?: string;
  now?: Date;
};

const MAX_LABEL = 200;

/**
 * Records one audit log entry for `access.teamId`. Call it with the transaction of the
 * change it records, so a change that rolls back leaves no entry and one that commits
 * always has one. A person's name and email are copied from their account in the same
 * statement, so the entry reads right after they are renamed or removed. Never stores
 * a secret's value: details pass through `auditDetails`.
 */
export async function recordAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  const { access, target } = entry;
  const actor = access.actor;
  const person = actor.kind === "person" ? actor.userId : null;
  await db
    .insertInto("auditLog")
    .values({
      id: newId(entry.now?.getTime()),
      teamId: access.teamId,
      actorKind: actor.kind,
      actorUserId: person,
      actorKeyId: actor.kind === "api-key" ? actor.keyId : null,
      actorName: person
        ? sql<string>`coalesce((select name from users where id = ${person}), 'A removed person')`
        : (entry.actorName ?? "API key").slice(0, MAX_LABEL),
      actorEmail: person ? sql<string | null>`(select email from users where id = ${person})` : null,
      action: entry.action,
      targetKind: target?.kind ?? null,
      targetId: target?.id ?? null,
      targetLabel: target?.label?.slice(0, MAX_LABEL) ?? null,
      details: JSON.stringify(auditDetails(entry.details)),
      ip: entry.ip?.slice(0, 64) ?? null,
      ...(entry.now ? { createdAt: entry.now } : {}),
    })
    .execute();
}
