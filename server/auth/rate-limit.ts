import { sql } from "kysely";
import type { Database } from "../../db/database.ts";
import { AppError } from "../errors.ts";

export type AuthAttemptKind = "login" | "signup";

export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MINUTES = 15;

type Attempt = { kind: AuthAttemptKind; email?: string | null; ip?: string | null };

/**
 * Counts an attempt before it is checked, then refuses it when the email or the
 * IP already has FAILURE_LIMIT attempts in the last FAILURE_WINDOW_MINUTES.
 * Recording first means parallel guesses see each other, so a burst cannot slip
 * past the limit. A successful attempt is forgiven (see forgiveAttempt). Counted
 * in PostgreSQL, so the limit holds across every app container.
 */
export async function beginAttempt(db: Database, attempt: Attempt): Promise<{ id: number }> {
  const email = attempt.email?.toLowerCase() ?? null;
  const ip = attempt.ip ?? null;
  const { id } = await db
    .insertInto("authFailures")
    .values({ kind: attempt.kind, email, ip })
    .returning("id")
    .executeTakeFirstOrThrow();
  const since = sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
  const row = await db
    .selectFrom("authFailures")
    .select([
      (eb) => eb.fn.countAll<number>().filterWhere(sql`lower(email)`, "=", email).as("byEmail"),
      (eb) => eb.fn.countAll<number>().filterWhere("ip", "=", ip).as("byIp"),
      (eb) => eb.fn.min("occurredAt").as("oldest"),
    ])
    .where("kind", "=", attempt.kind)
    .where("occurredAt", ">", since)
    .where("id", "<>", id)
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", email), eb("ip", "=", ip)]))
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
  return { id };
}

/** A successful attempt does not count toward the limit. */
export async function forgiveAttempt(db: Database, attempt: { id: number }): Promise<void> {
  await db.deleteFrom("authFailures").where("id", "=", attempt.id).execute();
}
