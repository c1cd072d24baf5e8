import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { createInFlightLoad } from "./in-flight-load.ts";

/** The span ingestion pressure is judged over: the last second. */
export const PRESSURE_WINDOW_MS = 1000;

/**
 * Ingestion is under pressure while, over the last second, at least this many tracking
 * requests were in flight at once on average: they overlap, so they queue for the cores.
 * Several clients posting as fast as the server answers keep it near their number; one
 * client, or events paced in batches (2,000/s in batches of 500), stays at or below 1
 * however slow the machine, so a steady stream the server keeps up with holds nothing
 * back (decision 021).
 */
export const HIGH_PRESSURE_LOAD = 1.5;

/** How often, at most, a web process tells other processes that it is under pressure. */
export const PUBLISH_EVERY_MS = 250;

/** How long a published "under pressure" holds when no web process renews it. */
export const PUBLISHED_FOR_MS = 1000;

/**
 * How busy this process's tracking API is: how many tracking requests were in flight at
 * once, on average, over the last second (a load, not a rate, so the same threshold
 * means "requests queue" on a small machine and a large one).
 */
export type IngestionPressure = {
  /**
   * Marks a tracking request as in flight until the returned function is called. With
   * `db`, a process under pressure also writes it to PostgreSQL (at most every
   * PUBLISH_EVERY_MS, never awaited by the request) for workers in other processes.
   */
  track: (db?: Database) => () => void;
  /** The mean number of requests in flight over the last PRESSURE_WINDOW_MS. */
  inFlight: () => number;
  /** True while that mean is at least HIGH_PRESSURE_LOAD. */
  isHigh: () => boolean;
  /** Resolves once the last write to PostgreSQL has ended (tests, shutdown). */
  published: () => Promise<void>;
};

/**
 * A tracker of this process's ingestion pressure; `now` is the real clock unless a
 * test moves time itself, and what it publishes holds PUBLISHED_FOR_MS unless told
 * otherwise. Marking a request costs a fraction of a microsecond and no I/O; a write
 * to PostgreSQL happens only while the pressure is high, at most every PUBLISH_EVERY_MS.
 */
export function createIngestionPressure(
  options: { now?: () => number; publishedForMs?: number } = {},
): IngestionPressure {
  const now = options.now ?? (() => performance.now());
  const publishedForMs = options.publishedForMs ?? PUBLISHED_FOR_MS;
  const inFlight = createInFlightLoad({ windowMs: PRESSURE_WINDOW_MS, now });
  let lastPublishedAt = -Infinity;
  let publishing: Promise<void> = Promise.resolve();

  const isHigh = () => inFlight.mean() >= HIGH_PRESSURE_LOAD;
  const publishIfDue = (db: Database | undefined) => {
    if (!db) return;
    const at = now();
    if (at - lastPublishedAt < PUBLISH_EVERY_MS || !isHigh()) return;
    lastPublishedAt = at;
    publishing = publishPressure(db, publishedForMs).catch((error: unknown) => {
      // A hint for other processes: a failed write only means they yield less.
      log.debug({ err: error }, "ingestion pressure not published");
    });
  };

  return {
    track: (db) => {
      const end = inFlight.begin();
      publishIfDue(db);
      return () => {
        end();
        publishIfDue(db);
      };
    },
    inFlight: inFlight.mean,
    isHigh,
    published: () => publishing,
  };
}

/** This process's tracking API; handleTrackingCall marks its requests here. */
export const ingestionPressure = createIngestionPressure();

/** Pushes the shared "under pressure until" forward; PostgreSQL's clock, so machines need not agree. */
async function publishPressure(db: Database, forMs: number): Promise<void> {
  const hold = `${forMs} milliseconds`;
  await sql`insert into ingestion_pressure (id, pressed_until) values (true, now() + ${hold}::interval)
    on conflict (id) do update set pressed_until = greatest(ingestion_pressure.pressed_until, excluded.pressed_until)`.execute(
    db,
  );
}

/** True while some web process, this one or another, has published pressure that still holds. */
export async function isPressurePublished(db: Database): Promise<boolean> {
  const { rows } = await sql<{ pressed: boolean }>`
    select pressed_until > now() as pressed from ingestion_pressure`.execute(db);
  return rows[0]?.pressed ?? false;
}
