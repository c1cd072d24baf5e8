import type { Database } from "#db/database.ts";
import type { AnalyticsPeriod } from "./period.ts";
import { type PropertyValue, readPropertyValues } from "./property-values.ts";

/**
 * `propertyValues` of `GET /api/analytics?property=...`: the property's top values in
 * the period, for one event name when `event` is given, else across the team's events.
 */
export async function readPropertyValuesAnswer(
  db: Database,
  options: { teamId: string; period: AnalyticsPeriod; property: string; event?: string | undefined },
): Promise<{ property: string; event: string | null; values: PropertyValue[] }> {
  const values = await readPropertyValues(db, {
    teamId: options.teamId,
    names: options.event ? [options.event] : null,
    property: options.property,
    from: options.period.from,
    to: options.period.to,
  });
  return { property: options.property, event: options.event ?? null, values };
}
