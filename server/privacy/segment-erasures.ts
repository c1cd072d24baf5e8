import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { getSegment } from "#server/segments/find-segment.ts";
import { segmentContactIds } from "#server/segments/members.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

/** How far an erasure of a segment's contacts has gone, as its page and the API show it. */
export type SegmentErasureProgress = {
  id: string;
  segmentId: string | null;
  segmentName: string;
  segmentKind: string;
  status: "running" | "completed";
  /** Contacts in the segment when the erasure started: the snapshot it erases. */
  total: number;
  erased: number;
  /** Contacts of the snapshot already gone (erased or deleted another way) when their turn came. */
  alreadyGone: number;
  createdAt: Date;
  finishedAt: Date | null;
};

const NOT_FOUND = "Erasure not found.";

/**
 * Starts erasing every contact of one of the team's segments: the segment's members
 * are taken once, now (a filter segment is evaluated now; contacts that match it
 * later are not erased), and the worker erases that snapshot in batches by the path
 * a single erasure takes (erase-contact-rows.ts). Needs "contacts.erase-segment"
 * (Owners and Admins). `confirm` must be the segment's name (INVALID on `confirm`
 * otherwise). Another team's or an unknown segment is NOT_FOUND; a segment whose
 * contacts are being erased already is a CONFLICT. The audit log records who asked,
 * the segment and how many contacts. `traceId` (the request's id) follows the
 * worker's log lines of this erasure.
 */
export async function startSegmentErasure(
  db: Database,
  options: { access: TeamAccess; segmentId: string; confirm: string; traceId?: string },
): Promise<SegmentErasureProgress> {
  const { access } = options;
  authorize(access, "contacts.erase-segment");
  const segment = await getSegment(db, { teamId: access.teamId, segmentId: options.segmentId });
  if (options.confirm.trim() !== segment.name.trim()) {
    const message = `Type the segment's name, ${segment.name}, to confirm`;
    throw new AppError("INVALID", message, { fields: { confirm: [message] } });
  }
  const id = newId();
  await db.transaction().execute(async (trx) => {
    // The segment's row locked, so two requests at once cannot both pass the check below.
    await trx.selectFrom("segments").select("id").where("id", "=", segment.id).forUpdate().execute();
    const running = await trx
      .selectFrom("segmentErasures")
      .select("id")
      .where("segmentId", "=", segment.id)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (running) throw new AppError("CONFLICT", "This segment's contacts are being erased already.");
    await trx
      .insertInto("segmentErasures")
      .values({
        id,
        teamId: access.teamId,
        segmentId: segment.id,
        segmentName: segment.name,
        segmentKind: segment.kind,
        total: 0,
        requestedBy: access.actor.kind === "person" ? access.actor.userId : null,
        traceId: options.traceId ?? null,
      })
      .execute();
    const members = await segmentContactIds(trx, { teamId: access.teamId, segmentId: segment.id });
    const { numInsertedOrUpdatedRows } = await trx
      .insertInto("segmentErasureContacts")
      .columns(["erasureId", "contactId"])
      .expression(
        trx
          .selectFrom(members.as("m"))
          .select([sql<string>`${id}::uuid`.as("erasureId"), "m.contactId"])
          .distinct(),
      )
      .executeTakeFirstOrThrow();
    const total = Number(numInsertedOrUpdatedRows ?? 0);
    await trx.updateTable("segmentErasures").set({ total }).where("id", "=", id).execute();
    await recordAudit(trx, {
      access,
      action: "segment.contacts-erased",
      target: { kind: "segment", id: segment.id, label: segment.name },
      details: { contacts: total, erasureId: id },
    });
  });
  return getSegmentErasure(db, { teamId: access.teamId, erasureId: id });
}

/** One erasure of the team with its progress; unknown, malformed and another team's ids are NOT_FOUND. */
export async function getSegmentErasure(
  db: Database,
  options: { teamId: string; erasureId: string },
): Promise<SegmentErasureProgress> {
  if (!isWellFormedId(options.erasureId)) throw new AppError("NOT_FOUND", NOT_FOUND);
  const row = await db
    .selectFrom("segmentErasures")
    .select([
      "id",
      "segmentId",
      "segmentName",
      "segmentKind",
      "status",
      "total",
      "erased",
      "alreadyGone",
      "createdAt",
      "finishedAt",
    ])
    .where("id", "=", options.erasureId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return { ...row, status: row.status === "completed" ? "completed" : "running" };
}

/**
 * What the confirmation shows before a segment's contacts are erased: the segment and
 * its stored count (null when not counted). Another team's or an unknown segment is
 * NOT_FOUND.
 */
export async function getSegmentToErase(
  db: Database,
  options: { teamId: string; segmentId: string },
): Promise<{ id: string; name: string; kind: string; contactCount: number | null }> {
  const segment = await getSegment(db, options);
  const { contactCount } = await db
    .selectFrom("segments")
    .select("contactCount")
    .where("id", "=", segment.id)
    .executeTakeFirstOrThrow();
  return { ...segment, contactCount };
}
