import { sql } from "kysely";
import type { FormTree } from "#shared/form-tree.ts";
import type { Database } from "#db/database.ts";
import { AppError, isAppError } from "#server/errors.ts";
import { createFilterSegment, updateFilterSegment } from "#server/segments/filter-segments.ts";
import { filterFromDraft } from "./form.ts";
import { parseFilter } from "./parse.ts";
import { previewFilter } from "./query.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";

/*
 * The Event Filter tab's server side: a draft posted by the builder's form is
 * previewed or saved through the same schema and compiler as the API.
 */

export type DraftPreview = {
  preview: {
    count: number;
    sample: { id: string; name: string | null; email: string | null; phone: string | null; createdAt: string }[];
  } | null;
  errors: Record<string, string[]>;
  problem: string | null;
};

/** The count and sample of a draft, or the problems that keep it from being counted, by field name. */
export async function previewDraft(
  db: Database,
  options: { teamId: string; draft: FormTree; selfId?: string },
): Promise<DraftPreview> {
  try {
    const filter = parseFilter(filterFromDraft(options.draft));
    const { count, sample } = await previewFilter(db, { teamId: options.teamId, filter, selfId: options.selfId });
    return {
      preview: { count, sample: sample.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })) },
      errors: {},
      problem: null,
    };
  } catch (error) {
    // A count that took too long is said as it is, like a filter that cannot be counted.
    if (isAppError(error) && error.code === "UNAVAILABLE") return { preview: null, errors: {}, problem: error.message };
    if (!isAppError(error) || error.code !== "INVALID") throw error;
    return { preview: null, errors: error.fields ?? {}, problem: problemOf(error) };
  }
}

/** Creates the filter segment, or changes the one being edited; refusals are AppErrors with fields by name. */
export async function saveDraft(
  db: Database,
  options: { access: TeamAccess; name: string; draft: FormTree; segmentId?: string },
): Promise<{ id: string; name: string; created: boolean }> {
  authorize(options.access, "segments.write");
  const name = options.name.trim();
  let filter;
  try {
    filter = parseFilter(filterFromDraft(options.draft));
  } catch (error) {
    if (isAppError(error) && !name) error.fields!.name = ["Segment name is required"];
    throw error;
  }
  if (!name)
    throw new AppError("INVALID", "Segment name is required", { fields: { name: ["Segment name is required"] } });
  if (options.segmentId) {
    const saved = await updateFilterSegment(db, { access: options.access, segmentId: options.segmentId, name, filter });
    return { ...saved, created: false };
  }
  return { ...(await createFilterSegment(db, { access: options.access, name, filter })), created: true };
}

function problemOf(error: AppError): string {
  // A refusal of the whole tree (its size) has no field of the form to show it beside.
  const whole = error.fields?.filter?.[0];
  if (whole) return whole;
  const count = Object.keys(error.fields ?? {}).length;
  return count === 1
    ? "One field needs attention before contacts can be counted."
    : `${count} fields need attention before contacts can be counted.`;
}

/**
 * What the builder suggests and offers, from this team's data: event names,
 * attribute keys of recent contacts, property names of recent events, and the
 * segments and campaigns conditions can name.
 */
export async function loadBuilderData(db: Database, options: { teamId: string }) {
  const { teamId } = options;
  const [eventNames, attributeKeys, propertyKeys, segments, campaigns] = await Promise.all([
    db.selectFrom("eventNames").select("name").where("teamId", "=", teamId).orderBy("name").limit(500).execute(),
    // The newest contacts stand for all: reading every contact's keys would scan the table.
    sql<{ key: string }>`select distinct jsonb_object_keys(attributes) as key
      from (select attributes from contacts where team_id = ${teamId} order by created_at desc limit 1000) recent
      order by key limit 200`.execute(db),
    sql<{ key: string }>`select distinct jsonb_object_keys(properties) as key
      from (select properties from events where team_id = ${teamId} order by occurred_at desc limit 2000) recent
      where jsonb_typeof(properties) = 'object'
      order by key limit 200`.execute(db),
    db.selectFrom("segments").select(["id", "name"]).where("teamId", "=", teamId).orderBy("name").execute(),
    db
      .selectFrom("campaigns")
      .select(["id", "name"])
      .where("teamId", "=", teamId)
      .orderBy("createdAt", "desc")
      .limit(200)
      .execute(),
  ]);
  return {
    eventNames: eventNames.map((row) => row.name),
    attributeKeys: attributeKeys.rows.map((row) => row.key),
    propertyKeys: propertyKeys.rows.map((row) => row.key),
    segments,
    campaigns,
  };
}
