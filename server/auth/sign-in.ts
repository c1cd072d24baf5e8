import type { Database } from "../../db/database.ts";
import { authenticate, createAccount } from "./accounts.ts";
import { type AuthAttemptKind, beginAttempt, forgiveAttempt } from "./rate-limit.ts";
import type { LoginInput, SignupInput } from "./schemas.ts";
import { createSession } from "./sessions.ts";

export type Client = { ip?: string | null; userAgent?: string | null };
export type SignedIn = { token: string; expiresAt: Date };

/**
 * Signs a user in and opens a session: what the login form and `POST /api/auth/login`
 * share. Failures count toward the rate limit; a rate-limited client is refused first.
 */
export async function signIn(db: Database, input: LoginInput, client: Client): Promise<SignedIn> {
  const account = await countingFailures(db, "login", input.email, client, () => authenticate(db, input));
  return createSession(db, { ...account, ...client });
}

/** Creates the account and its team, then opens a session, as signIn does. */
export async function signUp(db: Database, input: SignupInput, client: Client): Promise<SignedIn> {
  const account = await countingFailures(db, "signup", input.email, client, () => createAccount(db, input));
  return createSession(db, { ...account, ...client });
}

async function countingFailures<T>(
  db: Database,
  kind: AuthAttemptKind,
  email: string,
  client: Client,
  attempt: () => Promise<T>,
): Promise<T> {
  const counted = await beginAttempt(db, { kind, email, ip: client.ip });
  const result = await attempt();
  await forgiveAttempt(db, counted);
  return result;
}
