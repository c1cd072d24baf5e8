import type { Database } from "../../db/database.ts";
import { newId } from "../../db/ids.ts";
import { AppError } from "../errors.ts";
import { resolveReferences } from "./filter/references.ts";
import type { FilterGroup } from "../../shared/segments/filter/schema.ts";

const NOT_FOUND = "Segment not found.";

/**
 * A new filter segment. The tree must already be parsed (parseFilter); the
 * segments and campaigns it names are checked to be the team's here, so what
 * is stored always compiled once.
 */
export async function createFilterSegment(
  db: Database,
  options: { teamId: string; name: string; filter: FilterGroup },
): Promise<{ id: string; name: string; kind: "filter" }> {
  const name = requireName(options.name);
  await resolveReferences(db, { teamId: options.teamId, filter: options.filter });
  const id = newId();
  await db
    .insertInto("segments")
    .values({ id, teamId: options.teamId, name, kind: "filter", filter: JSON.stringify(options.filter) })
    .execute();
  return { id, name, kind: "filter" };
}

/** Replaces a filter segment's tree (and its name, when given). A static segment has no filter: 409. */
export async function updateFilterSegment(
  db: Database,
  options: { teamId: string; segmentId: string; filter: FilterGroup; name?: string },
): Promise<{ id: string; name: string; kind: "filter" }> {
  const segment = await db
    .selectFrom("segments")
    .select(["id", "kind"])
    .where("id", "=", options.segmentId)
    .where("teamId", "=", options.teamId)
    .executeTakeFirst();
  if (!segment) throw new AppError("NOT_FOUND", NOT_FOUND);
  if (segment.kind !== "filter") throw new AppError("CONFLICT", "Only a filter segment has a filter to change.");
  await resolveReferences(db, { teamId: options.teamId, filter: options.filter, selfId: segment.id });
  const row = await db
    .updateTable("segments")
    .set({
      filter: JSON.stringify(options.filter),
      ...(options.name === undefined ? {} : { name: requireName(options.name) }),
      updatedAt: new Date(),
    })
    .where("id", "=", segment.id)
    .where("teamId", "=", options.teamId)
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  return { ...row, kind: "filter" };
}

/** The stored tree of one of the team's filter segments, for the builder to reopen. */
export async function findSegmentFilter(db: Database, options: { teamId: string; segmentId: string }): Promise<unknown> {
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
  if (!name) throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  return name;
}
