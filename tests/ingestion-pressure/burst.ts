import type { Database } from "#db/database.ts";
import type { IngestionPressure } from "#server/ingestion-pressure/pressure.ts";
import type { TestWaitClock } from "../test-wait-clock.ts";

/**
 * A burst on `clock`: two tracking requests in flight at once for 750 ms, and still (a
 * load of 1.5 over the last second, high). Returns the function that answers both.
 */
export async function burstInFlight(pressure: IngestionPressure, clock: TestWaitClock, db?: Database) {
  const first = pressure.track(db);
  const second = pressure.track(db);
  await clock.sleep(750);
  return () => {
    first();
    second();
  };
}
