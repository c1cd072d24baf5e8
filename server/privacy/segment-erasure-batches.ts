import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { notifyTeam } from "#server/notifications/notify.ts";
import { eraseContactRows } from "./erase-contact-rows.ts";

/** Contacts erased per transaction: small enough that a batch holds its locks briefly and a crash redoes little. */
export const DEFAULT_ERASURE_BATCH_SIZE = 200;

type ErasureRow = { id: string; teamId: string; segmentName: string; traceId: string | null };

/**
 * Erases the next batch of an erasure's snapshot, in one transaction: up to
 * `batchSize` contacts still to do (rows another worker is erasing are skipped),
 * erased by eraseContactRows, their snapshot rows removed and the counters raised.
 * A crash rolls the whole batch back, so each contact is erased, and counted, once.
 * Contacts of the snapshot that no longer exist count as already gone. Returns how
 * many snapshot rows it took (0 when none are left to take).
 */
export async function eraseNextBatch(db: Database, options: { erasureId: string; batchSize: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const erasure = await trx
      .selectFrom("segmentErasures")
      .select(["teamId"])
      .where("id", "=", options.erasureId)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (!erasure) return 0;
    const pending = await trx
      .selectFrom("segmentErasureContacts")
      .select("contactId")
      .where("erasureId", "=", options.erasureId)
      .orderBy("contactId")
      .limit(options.batchSize)
      .forUpdate()
      .skipLocked()
      .execute();
    if (pending.length === 0) return 0;
    const ids = pending.map((row) => row.contactId);
    const contacts = await trx
      .selectFrom("contacts")
      .select(["id", "email", "phone", "externalId"])
      .where("teamId", "=", erasure.teamId)
      .where("id", "in", ids)
      .orderBy("id")
      .forUpdate()
      .execute();
    await eraseContactRows(trx, erasure.teamId, contacts);
    await trx
      .deleteFrom("segmentErasureContacts")
      .where("erasureId", "=", options.erasureId)
      .where("contactId", "in", ids)
      .execute();
    await trx
      .updateTable("segmentErasures")
      .set((eb) => ({
        erased: eb("erased", "+", contacts.length),
        alreadyGone: eb("alreadyGone", "+", ids.length - contacts.length),
      }))
      .where("id", "=", options.erasureId)
      .execute();
    return ids.length;
  });
}

/**
 * Marks an erasure completed once nothing of its snapshot is left (rows a running
 * batch holds are still there, so only the worker that erases the last batch
 * finishes it), and tells the team, once. Returns whether this call finished it.
 */
export async function finishSegmentErasure(db: Database, options: { erasureId: string; now?: Date }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("segmentErasures")
      .set({ status: "completed", finishedAt: options.now ?? new Date() })
      .where("id", "=", options.erasureId)
      .where("status", "=", "running")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("segmentErasureContacts").select("contactId").where("erasureId", "=", options.erasureId),
          ),
        ),
      )
      .returning(["id", "teamId", "segmentName", "erased", "alreadyGone", "traceId"])
      .executeTakeFirst();
    if (!done) return false;
    const erased = `${done.erased.toLocaleString("en-US")} ${done.erased === 1 ? "contact" : "contacts"} erased`;
    await notifyTeam(trx, {
      teamId: done.teamId,
      kind: "segment-erasure-done",
      title: `The contacts of ${done.segmentName} were erased`,
      body: done.alreadyGone
        ? `${erased}; ${done.alreadyGone.toLocaleString("en-US")} were gone already.`
        : `${erased}.`,
      linkPath: `/dashboard/segments/erasures/${done.id}`,
      dedupeKey: `segment-erasure-done:${done.id}`,
    });
    log.info(
      { traceId: done.traceId, erasureId: done.id, erased: done.erased, alreadyGone: done.alreadyGone },
      "segment erasure finished",
    );
    return true;
  });
}

/**
 * Erases an erasure's snapshot batch after batch, then finishes it. Safe to run
 * again after a crash, or in two workers at once: each batch commits on its own and
 * takes only rows nobody else holds, so it carries on where the last commit left off.
 */
export async function runSegmentErasure(
  db: Database,
  options: { erasureId: string; batchSize?: number; stopping?: () => boolean },
): Promise<void> {
  const erasure: Pick<ErasureRow, "traceId"> | undefined = await db
    .selectFrom("segmentErasures")
    .select("traceId")
    .where("id", "=", options.erasureId)
    .executeTakeFirst();
  if (!erasure) return;
  const batchSize = options.batchSize ?? DEFAULT_ERASURE_BATCH_SIZE;
  for (;;) {
    if (options.stopping?.()) return;
    const taken = await eraseNextBatch(db, { erasureId: options.erasureId, batchSize });
    if (taken === 0) break;
    log.info({ traceId: erasure.traceId, erasureId: options.erasureId, contacts: taken }, "segment erasure batch done");
  }
  await finishSegmentErasure(db, { erasureId: options.erasureId });
}
