import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import {
  branchesOf,
  type JourneyDefinition,
  JourneyDefinitionSchema,
  type JourneyStep,
  stepIdOf,
} from "#shared/journeys/definition.ts";

/** A step of a version, with where a run goes when the step is done with it. */
export type PlacedStep = {
  step: JourneyStep;
  /** The step after it in its list; null at the end of a list (the run is completed). */
  next: string | null;
};

/** A journey version as the engine walks it: its definition and every step by id. */
export type JourneyVersion = {
  journeyId: string;
  version: number;
  definition: JourneyDefinition;
  steps: Map<string, PlacedStep>;
  /** The first step a new run takes; null for a journey without steps. */
  first: string | null;
};

/** Builds the step index of a parsed definition. Branches do not rejoin: the end of a branch ends the run. */
export function indexVersion(journeyId: string, version: number, definition: JourneyDefinition): JourneyVersion {
  const steps = new Map<string, PlacedStep>();
  const place = (list: JourneyStep[]) => {
    list.forEach((step, index) => {
      const following = list[index + 1];
      steps.set(stepIdOf(step), { step, next: following ? stepIdOf(following) : null });
      for (const branch of branchesOf(step)) place(branch);
    });
  };
  place(definition.steps);
  const head = definition.steps[0];
  return { journeyId, version, definition, steps, first: head ? stepIdOf(head) : null };
}

/** The first step of a branch, or null when the branch is empty. */
export function firstOf(list: JourneyStep[]): string | null {
  const head = list[0];
  return head ? stepIdOf(head) : null;
}

// Versions never change once written, so a process keeps the ones it has walked. The
// bound keeps a worker that has seen many journeys from holding all of them.
const MAX_CACHED = 500;
const cache = new Map<string, JourneyVersion>();

/**
 * The versions named, read once per process (a version is immutable). Stored
 * definitions are parsed again with the one schema, so a step always has its id.
 * A version that no longer exists (the journey was deleted) is absent from the map.
 */
export async function loadVersions(
  db: Database,
  wanted: { journeyId: string; version: number }[],
): Promise<Map<string, JourneyVersion>> {
  const found = new Map<string, JourneyVersion>();
  const missing: { journeyId: string; version: number }[] = [];
  for (const want of wanted) {
    const key = versionKey(want.journeyId, want.version);
    if (found.has(key)) continue;
    const cached = cache.get(key);
    if (cached) found.set(key, cached);
    else missing.push(want);
  }
  if (missing.length > 0) {
    const rows = await db
      .selectFrom("journeyVersions")
      // As text: the camel-casing of result keys would rename keys inside it.
      .select(["journeyId", "version", sql<string>`definition::text`.as("definitionText")])
      .where((eb) =>
        eb.or(missing.map((m) => eb.and([eb("journeyId", "=", m.journeyId), eb("version", "=", m.version)]))),
      )
      .execute();
    for (const row of rows) {
      const version = indexVersion(
        row.journeyId,
        row.version,
        JourneyDefinitionSchema.parse(JSON.parse(row.definitionText)),
      );
      const key = versionKey(row.journeyId, row.version);
      found.set(key, version);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, version);
    }
  }
  return found;
}

export function versionKey(journeyId: string, version: number): string {
  return `${journeyId}:${version}`;
}
