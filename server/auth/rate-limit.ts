import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { parseEnv } from "#server/env.ts";
import { type CountedHit, countHits, type RateRule, refundHits } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";
import { addressKey } from "#server/rate-limits/address-key.ts";

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Failed sign-ins are counted per (email, IP) and per IP, so a guesser is
 * stopped where they guess from, and someone elsewhere cannot lock the owner
 * out by failing on purpose: the owner's own address has its own count.
 */
export const LOGIN_FAILURES_PER_EMAIL_AND_IP: RateRule = {
  name: "login-email-ip",
  limit: 10,
  windowSeconds: FIFTEEN_MINUTES,
};
/** One address trying many accounts (credential stuffing); generous for an office behind one NAT. */
export const LOGIN_FAILURES_PER_IP: RateRule = { name: "login-ip", limit: 50, windowSeconds: FIFTEEN_MINUTES };
/**
 * A ceiling per account, for a guesser spread over many addresses: without it,
 * 1,000 addresses get 40,000 guesses an hour at one account. It is high enough
 * that reaching it takes a sustained attack from many addresses (each gives at
 * most 40 an hour), and even then it does not lock the owner out from an address
 * they have signed in from before; only new addresses wait.
 */
export const LOGIN_FAILURES_PER_EMAIL: RateRule = { name: "login-email", limit: 300, windowSeconds: 60 * 60 };

/** Sign-ups per IP, successful ones too: each creates a team and hashes a password. */
export function signupsPerIp(source: Record<string, string | undefined> = process.env): RateRule {
  return { name: "signup-ip", limit: parseEnv(source).SIGNUPS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 };
}

type Client = { email: string; ip?: string | null };

const tooManySignIns = (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`;

/**
 * Counts a sign-in attempt before the password is checked, and refuses it
 * (RATE_LIMITED) when its address is over a limit. The per-account ceiling is
 * counted only for attempts that pass the per-address limits, so one address
 * hammering cannot fill it. A successful sign-in is forgiven (forgiveLoginAttempt).
 */
export async function beginLoginAttempt(
  db: Database,
  client: Client,
  options: { now?: Date } = {},
): Promise<CountedHit[]> {
  const email = client.email.toLowerCase();
  const ip = client.ip ?? "unknown";
  const address = addressKey(client.ip);
  const byAddress = await countHits(
    db,
    [
      { rule: LOGIN_FAILURES_PER_EMAIL_AND_IP, key: `${email} ${address}` },
      { rule: LOGIN_FAILURES_PER_IP, key: address },
    ],
    options,
  );
  refuseExceeded(byAddress, tooManySignIns);
  const byAccount = await countHits(db, [{ rule: LOGIN_FAILURES_PER_EMAIL, key: email }], options);
  if (byAccount[0]!.exceeded && !(await hasSignedInFrom(db, { email, ip }))) refuseExceeded(byAccount, tooManySignIns);
  return [...byAddress, ...byAccount];
}

/** A successful sign-in does not count toward any limit. */
export function forgiveLoginAttempt(db: Database, counted: CountedHit[]): Promise<void> {
  return refundHits(db, counted);
}

/** Counts a sign-up from this address, whatever its outcome, and refuses it past the hourly limit. */
export async function beginSignup(
  db: Database,
  client: { ip?: string | null },
  options: { now?: Date } = {},
): Promise<void> {
  const counted = await countHits(db, [{ rule: signupsPerIp(), key: addressKey(client.ip) }], options);
  refuseExceeded(counted, (wait) => `Too many sign-ups from this address. Please wait ${wait} and try again.`);
}

async function hasSignedInFrom(db: Database, options: { email: string; ip: string }): Promise<boolean> {
  const session = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select("sessions.id")
    .where(sql`lower(users.email)`, "=", options.email)
    .where("sessions.ip", "=", options.ip)
    .limit(1)
    .executeTakeFirst();
  return session !== undefined;
}
