import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { AppError } from "../errors.ts";

export type AuthAttemptKind = "login" | "signup";

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MINUTES = 15;

type Attempt = { kind: AuthAttemptKind; email?: string | null; ip?: string | null };

/**
 * Refuses an attempt once an email or an IP has failed FAILURE_LIMIT times in the
 * last FAILURE_WINDOW_MINUTES. Counted in PostgreSQL, so it holds across containers.
 */
export async function assertNotRateLimited(db: Database, attempt: Attempt): Promise<void> {
  const since = sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
  const email = attempt.email?.toLowerCase() ?? null;
  const row = await db
    .selectFrom("authFailures")
    .select([
      (eb) => eb.fn.countAll<number>().filterWhere(sql`lower(email)`, "=", email).as("byEmail"),
      (eb) => eb.fn.countAll<number>().filterWhere("ip", "=", attempt.ip ?? null).as("byIp"),
      (eb) => eb.fn.min("occurredAt").as("oldest"),
    ])
    .where("kind", "=", attempt.kind)
    .where("occurredAt", ">", since)
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", email), eb("ip", "=", attempt.ip ?? null)]))
    .executeTakeFirstOrThrow();
  if (row.byEmail >= FAILURE_LIMIT || row.byIp >= FAILURE_LIMIT) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MINUTES * 60_000 - Date.now()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const what = attempt.kind === "login" ? "sign-in" : "sign-up";
    throw new AppError(
      "RATE_LIMITED",
      `Too many failed ${what} attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { retryAfterSeconds },
    );
  }
}

export async function recordAuthFailure(db: Database, attempt: Attempt): Promise<void> {
  await db
    .insertInto("authFailures")
    .values({ kind: attempt.kind, email: attempt.email ?? null, ip: attempt.ip ?? null })
    .execute();
}
