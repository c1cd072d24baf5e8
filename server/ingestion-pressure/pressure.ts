import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { log } from "#server/log.ts";
import { createBusyShare } from "./busy-share.ts";

/** The span ingestion pressure is judged over: the last second. */
export const PRESSURE_WINDOW_MS = 1000;

/**
 * Ingestion is under pressure while tracking requests were in flight for at least this
 * share of the last second. Clients posting as fast as the server answers keep it near
 * 1; 2,000 events/s paced in batches of 500 stays below it on a 2-core machine (decision 021).
 */
export const HIGH_PRESSURE_SHARE = 0.5;

/** How often, at most, a web process tells other processes that it is under pressure. */
export const PUBLISH_EVERY_MS = 250;

/** How long a published "under pressure" holds when no web process renews it. */
export const PUBLISHED_FOR_MS = 1000;

/**
 * How busy this process's tracking API is: the share of the last second during which
 * at least one tracking request was in flight (a share of time, not a rate, so the
 * same threshold means "the API is saturated" on a small machine and a large one).
 */
export type IngestionPressure = {
  /**
   * Marks a tracking request as in flight until the returned function is called. With
   * `db`, a process under pressure also writes it to PostgreSQL (at most every
   * PUBLISH_EVERY_MS, never awaited by the request) for workers in other processes.
   */
  track: (db?: Database) => () => void;
  /** The share of the last PRESSURE_WINDOW_MS with a request in flight, 0 to 1. */
  busyShare: () => number;
  /** True while the share is at least HIGH_PRESSURE_SHARE. */
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
  const inFlight = createBusyShare({ windowMs: PRESSURE_WINDOW_MS, now });
  let lastPublishedAt = -Infinity;
  let publishing: Promise<void> = Promise.resolve();

  const isHigh = () => inFlight.share() >= HIGH_PRESSURE_SHARE;
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
    busyShare: inFlight.share,
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
