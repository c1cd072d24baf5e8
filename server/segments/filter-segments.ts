import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";
import { resolveReferences } from "./filter/references.ts";
import type { FilterGroup } from "#shared/segments/filter/schema.ts";
import { recountSegment } from "./recount-segment.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { recordAudit } from "#server/audit/record.ts";

const NOT_FOUND = "Segment not found.";

/** How long a save waits for a count slot before leaving the first count to the worker. */
const SAVE_COUNT_SLOT_WAIT_MS = 1_000;

// A saved tree is counted at once, within the same limits as any count asked for by a
// page (a slot of the process, a 5 s statement timeout), so the list shows its count
// when the marketer lands on it. Past them the list says "counting…" and the worker
// counts it; either way the save itself has succeeded.
async function countAfterSave(db: Database, segmentId: string): Promise<void> {
  if (db.isTransaction) return;
  await recountSegment(db, { segmentId, slotWaitMs: SAVE_COUNT_SLOT_WAIT_MS });
}

/**
 * A new filter segment. The tree must already be parsed (parseFilter); the
 * segments and campaigns it names are checked to be the team's here, so what
 * is stored always compiled once. It is counted before this returns when that
 * fits the count limits, else it is left due for the worker's recount.
 */
export async function createFilterSegment(
  db: Database,
  options: { access: TeamAccess; name: string; filter: FilterGroup },
): Promise<{ id: string; name: string; kind: "filter" }> {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  const name = requireName(options.name);
  await resolveReferences(db, { teamId, filter: options.filter });
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("segments")
      .values({ id, teamId, name, kind: "filter", filter: JSON.stringify(options.filter) })
      .execute();
    await recordAudit(trx, {
      access: options.access,
      action: "segment.created",
      target: { kind: "segment", id, label: name },
      details: { kind: "filter" },
    });
  });
  await countAfterSave(db, id);
  return { id, name, kind: "filter" };
}

/**
 * Replaces a filter segment's tree (and its name, when given). A static segment
 * has no filter: 409. The old tree's count is dropped with it (lists say
 * "counting…", never a count of another tree) and the new one is counted as on create.
 */
export async function updateFilterSegment(
  db: Database,
  options: { access: TeamAccess; segmentId: string; filter: FilterGroup; name?: string },
): Promise<{ id: string; name: string; kind: "filter" }> {
  authorize(options.access, "segments.write");
  const { teamId } = options.access;
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (segment.kind !== "filter") throw new AppError("CONFLICT", "Only a filter segment has a filter to change.");
  await resolveReferences(db, { teamId, filter: options.filter, selfId: segment.id });
  const row = await db
    .updateTable("segments")
    .set({
      filter: JSON.stringify(options.filter),
      ...(options.name === undefined ? {} : { name: requireName(options.name) }),
      updatedAt: new Date(),
      contactCount: null,
      countedAt: null,
      // Long before any real attempt, so due at once, and unlike any earlier value, so a
      // count of the old tree still running when this commits cannot store itself.
      countAttemptedAt: sql<Date>`clock_timestamp() - interval '100 years'`,
    })
    .where("id", "=", segment.id)
    .where("teamId", "=", teamId)
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  await recordAudit(db, {
    access: options.access,
    action: "segment.edited",
    target: { kind: "segment", id: row.id, label: row.name },
    details: { changed: options.name === undefined ? ["filter"] : ["filter", "name"] },
  });
  await countAfterSave(db, segment.id);
  return { ...row, kind: "filter" };
}

/** The stored tree of one of the team's filter segments, for the builder to reopen. */
export async function findSegmentFilter(
  db: Database,
  options: { teamId: string; segmentId: string },
): Promise<unknown> {
  const row = await db
    .selectFrom("segments")
    .select("filter")
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .where("kind", "=", "filter")
    .executeTakeFirst();
  return row?.filter;
}

function requireName(value: string): string {
  const name = value.trim();
  if (!name)
    throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  return name;
}
