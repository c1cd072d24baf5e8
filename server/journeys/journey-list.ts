import { sql } from "kysely";
import { z } from "zod";
import type { Database } from "#db/database.ts";
import { createdAtText, cursorOfCreatedAt, newestFirst } from "#server/created-at-keyset.ts";
import { type KeysetPage, type PageRequest, toKeysetPage } from "#server/keyset-page.ts";
import type { JourneyState } from "#shared/journeys/definition.ts";

/** A journey as the list shows it: its state and three figures. */
export type JourneyCard = {
  id: string;
  name: string;
  state: JourneyState;
  liveVersion: number | null;
  /** Contacts who ever entered ("@entry" in journey_step_stats). */
  entered: number;
  /** Contacts inside now: their run is not finished. */
  active: number;
  /** Contacts who reached the goal ("@goal"). */
  converted: number;
  createdAt: Date;
};

export const JOURNEYS_PAGE_SIZE = 30;
export const MAX_JOURNEYS_PAGE_SIZE = 200;

/** GET /api/journeys's query: a page size and the cursor of the page to read after. */
export const ListJourneysQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be 1 to ${MAX_JOURNEYS_PAGE_SIZE}`)
    .max(MAX_JOURNEYS_PAGE_SIZE, `limit must be 1 to ${MAX_JOURNEYS_PAGE_SIZE}`)
    .optional(),
  cursor: z.string().max(300).optional(),
});

/**
 * One page of the team's journeys, newest first, by keyset (journeys_team_created_idx).
 * Entered and converted are the engine's counters; active counts the journey's
 * unfinished runs through journey_runs_step_idx (an index-only count per journey on
 * the page), so the list never reads the runs themselves.
 */
export async function listJourneys(
  db: Database,
  options: { teamId: string; limit?: number } & PageRequest,
): Promise<KeysetPage<JourneyCard>> {
  const limit = Math.min(Math.max(options.limit ?? JOURNEYS_PAGE_SIZE, 1), MAX_JOURNEYS_PAGE_SIZE);
  const counter = (stepId: string, column: "entered" | "converted") =>
    sql<number>`coalesce((select s.${sql.ref(column)} from journey_step_stats s
      where s.journey_id = journeys.id and s.step_id = ${stepId}), 0)::int`;
  const query = db
    .selectFrom("journeys")
    .select([
      "id",
      "name",
      sql<JourneyState>`state`.as("state"),
      "liveVersion",
      counter("@entry", "entered").as("entered"),
      sql<number>`(select count(*) from journey_runs r
        where r.journey_id = journeys.id and r.status <> 'finished')::int`.as("active"),
      counter("@goal", "converted").as("converted"),
      "createdAt",
      createdAtText(),
    ])
    .where("teamId", "=", options.teamId)
    .limit(limit + 1);
  const page = toKeysetPage(await newestFirst(query, options).execute(), {
    limit,
    request: options,
    cursorOf: cursorOfCreatedAt,
  });
  return { ...page, rows: page.rows.map(({ createdAtText: _, ...card }) => card) };
}
