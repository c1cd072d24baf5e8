import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { type JourneyDefinition, type JourneyState, type StepType, walkSteps } from "#shared/journeys/definition.ts";

/** A contact's place in a journey, as their page lists it. */
export type ContactJourney = {
  runId: string;
  journeyId: string;
  journeyName: string;
  journeyState: JourneyState;
  version: number;
  status: "active" | "waiting" | "finished";
  outcome: string | null;
  stepId: string | null;
  /** The type of the step they are at, from the version they entered; null when finished or unknown. */
  stepType: StepType | null;
  enteredAt: Date;
  finishedAt: Date | null;
};

export const CONTACT_JOURNEYS_LIMIT = 50;

/**
 * The journeys a contact of the team is in or was in, newest entry first (at most
 * 50 runs, through journey_runs_contact_idx), with the step they are at and its type
 * from the version they entered. A contact of another team has none.
 */
export async function listContactJourneys(
  db: Database,
  options: { teamId: string; contactId: string },
): Promise<ContactJourney[]> {
  const rows = await db
    .selectFrom("journeyRuns")
    .innerJoin("journeys", "journeys.id", "journeyRuns.journeyId")
    .innerJoin("journeyVersions", (join) =>
      join
        .onRef("journeyVersions.journeyId", "=", "journeyRuns.journeyId")
        .onRef("journeyVersions.version", "=", "journeyRuns.version"),
    )
    .select([
      "journeyRuns.id as runId",
      "journeys.id as journeyId",
      "journeys.name as journeyName",
      sql<JourneyState>`journeys.state`.as("journeyState"),
      "journeyRuns.version",
      sql<ContactJourney["status"]>`journey_runs.status`.as("status"),
      "journeyRuns.outcome",
      "journeyRuns.stepId",
      sql<JourneyDefinition>`journey_versions.definition`.as("definition"),
      "journeyRuns.enteredAt",
      "journeyRuns.finishedAt",
    ])
    .where("journeyRuns.contactId", "=", options.contactId)
    .where("journeyRuns.teamId", "=", options.teamId)
    .orderBy("journeyRuns.enteredAt", "desc")
    .limit(CONTACT_JOURNEYS_LIMIT)
    .execute();
  return rows.map(({ definition, ...row }) => ({
    ...row,
    stepType: row.status === "finished" ? null : stepTypeOf(definition, row.stepId),
  }));
}

function stepTypeOf(definition: JourneyDefinition, stepId: string | null): StepType | null {
  if (!stepId) return null;
  for (const { step } of walkSteps(definition.steps)) if (step.id === stepId) return step.type;
  return null;
}
