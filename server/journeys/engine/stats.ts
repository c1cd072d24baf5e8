import { sql } from "kysely";
import type { Database } from "#db/database.ts";

/** The counters of journey_step_stats. */
export type StepCounter = "entered" | "moved_on" | "sent" | "skipped" | "converted" | "exited";

/** The whole journey's rows in journey_step_stats: names a step id cannot take. */
export const ENTRY_ROW = "@entry";
export const GOAL_ROW = "@goal";

/**
 * Increments gathered while a batch of runs moves, written in one statement in the
 * same transaction as the moves, so the figures never disagree with the runs and a
 * busy step is one row update per batch, not one per contact.
 */
export class StepTally {
  private readonly counts = new Map<string, Record<StepCounter, number>>();

  add(journeyId: string, stepId: string, counter: StepCounter, by = 1): void {
    const key = `${journeyId} ${stepId}`;
    let row = this.counts.get(key);
    if (!row) {
      row = { entered: 0, moved_on: 0, sent: 0, skipped: 0, converted: 0, exited: 0 };
      this.counts.set(key, row);
    }
    row[counter] += by;
  }

  get isEmpty(): boolean {
    return this.counts.size === 0;
  }

  /** Writes the increments (in journey and step order, so two batches never wait on each other in a cycle). */
  async write(db: Database): Promise<void> {
    if (this.counts.size === 0) return;
    const keys = [...this.counts.keys()].sort();
    const column = (name: StepCounter) => keys.map((key) => this.counts.get(key)![name]);
    await sql`
      insert into journey_step_stats (journey_id, step_id, entered, moved_on, sent, skipped, converted, exited)
      select * from unnest(
        ${keys.map((key) => key.split(" ")[0])}::uuid[], ${keys.map((key) => key.slice(key.indexOf(" ") + 1))}::text[],
        ${column("entered")}::bigint[], ${column("moved_on")}::bigint[], ${column("sent")}::bigint[],
        ${column("skipped")}::bigint[], ${column("converted")}::bigint[], ${column("exited")}::bigint[])
      on conflict (journey_id, step_id) do update set
        entered = journey_step_stats.entered + excluded.entered,
        moved_on = journey_step_stats.moved_on + excluded.moved_on,
        sent = journey_step_stats.sent + excluded.sent,
        skipped = journey_step_stats.skipped + excluded.skipped,
        converted = journey_step_stats.converted + excluded.converted,
        exited = journey_step_stats.exited + excluded.exited`.execute(db);
    this.counts.clear();
  }
}
