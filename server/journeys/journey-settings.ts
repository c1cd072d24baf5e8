import type { Database } from "#db/database.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { type JourneyInput, JourneyInputSchema } from "#shared/journeys/definition.ts";
import { parseDefinitionOrThrow } from "./definition-errors.ts";
import { createJourney, getJourney, type JourneyView, updateJourney } from "./journeys.ts";

/** What the editor's settings form changes: everything but the steps. */
export type JourneySettings = Pick<JourneyInput, "name" | "entry" | "reentry" | "goal">;

/**
 * A new draft journey from the settings form, with no steps yet: the editor adds
 * them. Refusals name the field by its path ("entry.event"), as the API's do.
 */
export async function createJourneyFromSettings(
  db: Database,
  options: { access: TeamAccess; settings: JourneySettings },
): Promise<JourneyView> {
  authorize(options.access, "journeys.write");
  const input = parseDefinitionOrThrow(JourneyInputSchema, { ...options.settings, steps: [] });
  return createJourney(db, { access: options.access, input });
}

/** Saves a journey's name, entry, re-entry and goal, keeping its steps as they are (updateJourney's rules). */
export async function saveJourneySettings(
  db: Database,
  options: { access: TeamAccess; journeyId: string; settings: JourneySettings },
): Promise<JourneyView> {
  authorize(options.access, "journeys.write");
  const journey = await getJourney(db, { teamId: options.access.teamId, journeyId: options.journeyId });
  const input = parseDefinitionOrThrow(JourneyInputSchema, { ...options.settings, steps: journey.definition.steps });
  return updateJourney(db, { access: options.access, journeyId: journey.id, input });
}
