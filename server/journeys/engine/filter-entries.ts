import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import type { ReferencedSegment } from "#server/segments/filter/compile.ts";
import { filterContacts } from "#server/segments/filter/query.ts";
import { resolveReferences, storedFilter } from "#server/segments/filter/references.ts";
import type { FilterGroup, FilterNode } from "#shared/segments/filter/schema.ts";
import { type Entrant, enterJourneys } from "./enter.ts";
import { type LiveJourney, teamJourneys } from "./team-journeys.ts";

/** What writes can change a filter's answer for a contact, besides the contact's own fields and attributes. */
type Triggers = {
  events: Set<string>;
  engagement: boolean;
  /** A condition on having received a message: a send can make it true. */
  received: boolean;
  subscription: boolean;
  segments: Set<string>;
};

/** A live journey that starts with a filter segment, with what can change its members. */
type FilterJourney = { journey: LiveJourney; filter: FilterGroup; triggers: Triggers };

/** The write that just happened to the contacts: which filters it can change. */
export type FilterWrite =
  /** Contacts created or their fields or attributes changed: every filter. */
  | { kind: "contact" }
  /** Events of these names ingested: filters that count one of them. */
  | { kind: "events"; names: string[] }
  /** A person's open or click recorded: filters on engagement. */
  | { kind: "engagement" }
  /** Contacts unsubscribed from a channel: filters on a subscription. */
  | { kind: "subscription" }
  /** Contacts just sent a message: filters on having received one. */
  | { kind: "received" }
  /** Contacts added to this (static) segment: filters that name it. */
  | { kind: "membership"; segmentId: string };

/**
 * Contacts that may have just come to match a filter segment enter the live
 * journeys that start with it, detected from the writes that can change the
 * answer rather than by re-evaluating the segment: a contact created or updated
 * (all such journeys), an event ingested (the journeys whose filter counts that
 * event), an open or click (those whose filter has engagement conditions), a
 * message sent (those with a "received" condition), an unsubscribe (those with a
 * subscription condition), a static segment joined
 * (those whose filter names it). What a filter counts
 * includes the filter segments it names, followed down, since the compiler
 * evaluates them over the same contact. The filter is compiled by the segments'
 * compiler, restricted to those contacts. A contact still inside the journey does
 * not enter again, whatever the re-entry rule: "every time" means every time it
 * comes to match again after its run ended. Call it in the transaction of the
 * write. (What time alone changes is the window sweep's: filter-window-entries.ts.)
 */
export async function enterMatchingFilterSegments(
  trx: Database,
  options: {
    teamId: string;
    contactIds: string[];
    eventNames?: string[];
    write?: FilterWrite;
    /** Per new contact, the own time of its earliest tracked message: its runs count events from then. */
    existedFrom?: ReadonlyMap<string, Date>;
  },
): Promise<number> {
  if (options.contactIds.length === 0) return 0;
  const { live } = await teamJourneys(trx, options.teamId);
  const candidates = live.filter((journey) => journey.version.definition.entry.type === "segment");
  if (candidates.length === 0) return 0;
  const write: FilterWrite =
    options.write ?? (options.eventNames ? { kind: "events", names: options.eventNames } : { kind: "contact" });
  const journeys = await filterJourneys(trx, options.teamId, candidates);
  const entrants: Entrant[] = [];
  for (const { journey, filter, triggers } of journeys) {
    if (!changes(write, triggers)) continue;
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
      entrants.push({
        journey,
        contactId: id,
        messageId: null,
        properties: {},
        occurredAt: options.existedFrom?.get(id)?.toISOString() ?? null,
        notWhileInside: true,
      });
  }
  return enterJourneys(trx, entrants);
}

function changes(write: FilterWrite, triggers: Triggers): boolean {
  switch (write.kind) {
    case "contact":
      return true;
    case "events":
      return write.names.some((name) => triggers.events.has(name));
    case "engagement":
      return triggers.engagement;
    case "subscription":
      return triggers.subscription;
    case "received":
      return triggers.received;
    case "membership":
      return triggers.segments.has(write.segmentId);
  }
}

async function filterJourneys(trx: Database, teamId: string, journeys: LiveJourney[]): Promise<FilterJourney[]> {
  const segmentIds = journeys.map((j) => (j.version.definition.entry as { segmentId: string }).segmentId);
  const { rows } = await sql<{ id: string; filter: string | null }>`
    select id, filter::text as filter from segments
    where team_id = ${teamId} and kind = 'filter' and id = any(${segmentIds}::uuid[])`.execute(trx);
  const filters = new Map(rows.map((row) => [row.id, row.filter ? storedFilter(JSON.parse(row.filter)) : null]));
  const found: FilterJourney[] = [];
  for (const journey of journeys) {
    const filter = filters.get((journey.version.definition.entry as { segmentId: string }).segmentId);
    if (!filter) continue;
    // Only a tree that names other segments costs the reads that load them.
    let segments: ReadonlyMap<string, ReferencedSegment> = new Map();
    if (namesSegments(filter))
      try {
        segments = await resolveReferences(trx, { teamId, filter, stored: true });
      } catch (error) {
        // Too large to compile: it selects nobody.
        if (error instanceof AppError) continue;
        throw error;
      }
    found.push({ journey, filter, triggers: triggersOf(filter, segments) });
  }
  return found;
}

function namesSegments(node: FilterNode): boolean {
  return node.type === "segment" || (node.type === "group" && node.conditions.some(namesSegments));
}

/** The events a filter counts, whether it reads engagement (receiving among it) or a subscription, and the segments it names, through the filter segments it names. */
function triggersOf(filter: FilterGroup, segments: ReadonlyMap<string, ReferencedSegment>): Triggers {
  const triggers: Triggers = {
    events: new Set(),
    engagement: false,
    received: false,
    subscription: false,
    segments: new Set(),
  };
  const visited = new Set<string>();
  const visit = (at: FilterNode) => {
    if (at.type === "group") at.conditions.forEach(visit);
    else if (at.type === "event") triggers.events.add(at.event);
    else if (at.type === "engagement") {
      triggers.engagement = true;
      // "Did not receive" can only stop holding when a message is sent.
      if (at.operator === "received") triggers.received = true;
    } else if (at.type === "subscription") triggers.subscription = true;
    else if (at.type === "segment" && !visited.has(at.segmentId)) {
      visited.add(at.segmentId);
      triggers.segments.add(at.segmentId);
      const segment = segments.get(at.segmentId);
      if (segment?.kind === "filter" && segment.filter) visit(segment.filter);
    }
  };
  visit(filter);
  return triggers;
}
