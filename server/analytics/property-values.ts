import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "#db/database.ts";

/** How many values of a property the page and API show, most frequent first. */
export const TOP_VALUES_LIMIT = 10;
/** How many property names the picker offers. */
export const PROPERTY_CHOICES_LIMIT = 100;

/** The property whose top values to show, and (API) one event name to narrow them to. */
export const PropertyQuerySchema = z.object({
  property: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().max(200, "A property name is at most 200 characters.").optional(),
  ),
  event: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().max(200, "An event name is at most 200 characters.").optional(),
  ),
});

/** A value and how many events had it; `value` null is "(other)": values past the kept ones. */
export type PropertyValue = { value: string | null; events: number };

type Range = { teamId: string; names: readonly string[] | null; from: string; to: string };

/**
 * The rollup rows of the range's UTC days for these event names (all names when null).
 * Values are kept per UTC day (docs/decisions/020), so a range of local days reads
 * the UTC days of the same dates: in a zone far from UTC up to half a day at each
 * end counts with its neighbour.
 */
function propertyDays(db: Database, range: Range) {
  let query = db
    .selectFrom("teamEventPropertyDaily")
    .where("teamId", "=", range.teamId)
    .where("day", ">=", sql<Date>`${range.from}::date`)
    .where("day", "<=", sql<Date>`${range.to}::date`);
  if (range.names) query = query.where("name", "in", range.names.length ? range.names : [""]);
  return query;
}

/**
 * The most frequent values of `property` among the named events in the range, from
 * the rollup the events worker keeps (`count-property-values.ts`), with the events
 * counted past the kept values as one `(other)` entry at the end when there are any.
 */
export async function readPropertyValues(
  db: Database,
  options: Range & { property: string },
): Promise<PropertyValue[]> {
  const values = propertyDays(db, options).where("property", "=", options.property);
  const [kept, other] = await Promise.all([
    values
      .select(["value", sql<number>`sum(events)::int`.as("events")])
      .where("value", "is not", null)
      .groupBy("value")
      .orderBy(sql`sum(events)`, "desc")
      .orderBy("value")
      .limit(TOP_VALUES_LIMIT)
      .execute(),
    values
      .select(sql<number>`coalesce(sum(events), 0)::int`.as("events"))
      .where("value", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return other.events > 0 ? [...kept, { value: null, events: other.events }] : kept;
}

/** The property names seen on the named events in the range, for the picker. */
export async function listEventProperties(db: Database, options: Range): Promise<string[]> {
  const rows = await propertyDays(db, options)
    .select("property")
    .distinct()
    .orderBy("property")
    .limit(PROPERTY_CHOICES_LIMIT)
    .execute();
  return rows.map((row) => row.property);
}
