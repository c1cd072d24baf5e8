import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { log } from "#server/log.ts";

/** The badge stops counting here and reads "99+": the count stays an index read of at most this many rows. */
export const UNREAD_CAP = 100;

/** Open streams a web process keeps; one more is refused (the badge still updates on each page load). */
export const MAX_STREAMS_PER_PROCESS = 500;
/** How often one query reads the count of every open stream of the process. */
const POLL_MS = 3000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export type UnreadListener = {
  sessionId: string;
  /** The new unread count, whenever it differs from the last one sent. */
  onCount: (unread: number) => void;
  /** The session was signed out or expired: the stream ends. */
  onSignedOut: () => void;
  onHeartbeat: () => void;
};

type Watched = UnreadListener & { lastCount: number | null; lastWriteAt: number };

/**
 * The unread counts of every open stream in this process, read by one query per
 * tick whoever is connected: the cost is one indexed statement every POLL_MS per
 * process, not per browser. It reads from PostgreSQL, so a notification written by
 * any worker or web process reaches every stream. The session is read in the same
 * query, so a stream follows its session's current team and ends at sign-out.
 */
export class UnreadWatch {
  readonly #db: Database;
  readonly #listeners = new Set<Watched>();
  readonly #maxStreams: number;
  readonly #ticking: boolean;
  #timer: ReturnType<typeof setInterval> | null = null;

  /** `ticking: false` leaves polling to the caller (tests drive `poll` with their own clock). */
  constructor(db: Database, options: { maxStreams?: number; ticking?: boolean } = {}) {
    this.#db = db;
    this.#maxStreams = options.maxStreams ?? MAX_STREAMS_PER_PROCESS;
    this.#ticking = options.ticking ?? true;
  }

  /** Throws UNAVAILABLE when the process has as many streams as it keeps. */
  requireRoom(): void {
    if (this.#listeners.size >= this.#maxStreams)
      throw new AppError("UNAVAILABLE", "Too many live notification streams; the count updates on each page load.");
  }

  /** Watches one stream; returns what stops watching it. UNAVAILABLE when the process has its fill. */
  add(listener: UnreadListener, now = Date.now()): () => void {
    this.requireRoom();
    const watched: Watched = { ...listener, lastCount: null, lastWriteAt: now };
    this.#listeners.add(watched);
    if (this.#ticking) this.#timer ??= startTicking(this);
    return () => {
      this.#listeners.delete(watched);
      if (this.#listeners.size === 0 && this.#timer) {
        clearInterval(this.#timer);
        this.#timer = null;
      }
    };
  }

  get size(): number {
    return this.#listeners.size;
  }

  /** One tick: reads every watched session's unread count and tells the streams what changed. */
  async poll(now = Date.now()): Promise<void> {
    const listeners = [...this.#listeners];
    if (listeners.length === 0) return;
    const sessionIds = [...new Set(listeners.map((listener) => listener.sessionId))];
    const { rows } = await sql<{ id: string; unread: number }>`
      select s.id, (
        select count(*)::int from (
          select 1 from notifications n
          where n.user_id = s.user_id and n.team_id = s.team_id and n.read_at is null
          limit ${UNREAD_CAP}
        ) capped
      ) as unread
      from sessions s
      where s.id = any(${sessionIds}::uuid[]) and s.revoked_at is null and s.expires_at > now()`.execute(this.#db);
    const counts = new Map(rows.map((row) => [row.id, row.unread]));
    for (const listener of listeners) {
      const count = counts.get(listener.sessionId);
      if (count === undefined) {
        this.#listeners.delete(listener);
        listener.onSignedOut();
      } else if (count !== listener.lastCount) {
        listener.lastCount = count;
        listener.lastWriteAt = now;
        listener.onCount(count);
      } else if (now - listener.lastWriteAt >= HEARTBEAT_MS) {
        listener.lastWriteAt = now;
        listener.onHeartbeat();
      }
    }
  }
}

function startTicking(watch: UnreadWatch): ReturnType<typeof setInterval> {
  let running = false;
  const timer = setInterval(() => {
    // A slow database must not pile ticks up.
    if (running) return;
    running = true;
    watch
      .poll()
      .catch((error: unknown) => log.warn({ err: error }, "unread count poll failed"))
      .finally(() => {
        running = false;
      });
  }, POLL_MS);
  timer.unref();
  return timer;
}
