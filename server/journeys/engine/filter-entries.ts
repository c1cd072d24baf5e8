import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { filterContacts } from "#server/segments/filter/query.ts";
import { storedFilter } from "#server/segments/filter/references.ts";
import type { FilterGroup, FilterNode } from "#shared/segments/filter/schema.ts";
import { type Entrant, enterJourneys } from "./enter.ts";
import { type LiveJourney, teamJourneys } from "./team-journeys.ts";

/** A live journey that starts with a filter segment, with what can change its members. */
type FilterJourney = { journey: LiveJourney; filter: FilterGroup; eventNames: Set<string> };

/**
 * Contacts that may have just come to match a filter segment enter the live
 * journeys that start with it, detected from the writes that can change the
 * answer rather than by re-evaluating the segment: a contact created or updated
 * (all such journeys), an event ingested (the journeys whose filter names that
 * event). The filter is compiled by the segments' compiler, restricted to those
 * contacts. A contact still inside the journey does not enter again, whatever the
 * re-entry rule: "every time" means every time it comes to match again after its
 * run ended. Call it in the transaction of the write.
 */
export async function enterMatchingFilterSegments(
  trx: Database,
  options: { teamId: string; contactIds: string[]; eventNames?: string[] },
): Promise<number> {
  if (options.contactIds.length === 0) return 0;
  const { live } = await teamJourneys(trx, options.teamId);
  const candidates = live.filter((journey) => journey.version.definition.entry.type === "segment");
  if (candidates.length === 0) return 0;
  const journeys = await filterJourneys(trx, options.teamId, candidates);
  const names = options.eventNames ? new Set(options.eventNames) : null;
  const entrants: Entrant[] = [];
  for (const { journey, filter, eventNames } of journeys) {
    if (names && ![...eventNames].some((name) => names.has(name))) continue;
    let matching: { id: string }[];
    try {
      const query = await filterContacts(trx, { teamId: options.teamId, filter, stored: true });
      matching = await query.where("c.id", "in", options.contactIds).select("c.id").execute();
    } catch (error) {
      // A filter naming a segment deleted since selects nobody.
      if (error instanceof AppError) continue;
      throw error;
    }
    for (const { id } of matching)
      entrants.push({ journey, contactId: id, messageId: null, properties: {}, notWhileInside: true });
  }
  return enterJourneys(trx, entrants);
}

async function filterJourneys(trx: Database, teamId: string, journeys: LiveJourney[]): Promise<FilterJourney[]> {
  const segmentIds = journeys.map((j) => (j.version.definition.entry as { segmentId: string }).segmentId);
  const { rows } = await sql<{ id: string; filter: string | null }>`
    select id, filter::text as filter from segments
    where team_id = ${teamId} and kind = 'filter' and id = any(${segmentIds}::uuid[])`.execute(trx);
  const filters = new Map(rows.map((row) => [row.id, row.filter ? storedFilter(JSON.parse(row.filter)) : null]));
  return journeys.flatMap((journey) => {
    const filter = filters.get((journey.version.definition.entry as { segmentId: string }).segmentId);
    return filter ? [{ journey, filter, eventNames: eventNamesOf(filter) }] : [];
  });
}

/** The event names a filter's conditions count. */
function eventNamesOf(node: FilterNode): Set<string> {
  const names = new Set<string>();
  const visit = (at: FilterNode) => {
    if (at.type === "group") at.conditions.forEach(visit);
    else if (at.type === "event") names.add(at.event);
  };
  visit(node);
  return names;
}
