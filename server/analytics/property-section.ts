import type { Database } from "#db/database.ts";
import { listEventProperties, type PropertyValue, readPropertyValues } from "./property-values.ts";

export type PropertySection = { property: string | null; properties: string[]; values: PropertyValue[] };

/**
 * The Product events section's property part: the properties the charted events
 * had in the range (for the picker) and, when one is chosen, its top values.
 */
export async function readPropertySection(
  db: Database,
  options: { teamId: string; names: readonly string[]; property: string | null; from: string; to: string },
): Promise<PropertySection> {
  if (options.names.length === 0) return { property: options.property, properties: [], values: [] };
  const [properties, values] = await Promise.all([
    listEventProperties(db, options),
    options.property ? readPropertyValues(db, { ...options, property: options.property }) : Promise.resolve([]),
  ]);
  return { property: options.property, properties, values };
}
