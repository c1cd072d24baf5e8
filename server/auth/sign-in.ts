import type { Database } from "#db/database.ts";
import { recordFailedSignIn, recordSignIn } from "#server/audit/sign-ins.ts";
import { isAppError } from "#server/errors.ts";
import { authenticate, createAccount } from "./accounts.ts";
import { beginLoginAttempt, beginSignup, forgiveLoginAttempt } from "./rate-limit.ts";
import type { LoginInput, SignupInput } from "#shared/auth/schemas.ts";
import { createSession } from "./sessions.ts";

export type Client = { ip?: string | null; userAgent?: string | null };
export type SignedIn = { token: string; expiresAt: Date };

/**
 * Signs a user in and opens a session: what the login form and `POST /api/auth/login`
 * share. A rate-limited client is refused before the password is checked; a
 * failure counts toward the limits, a success is forgiven. Both reach the audit log:
 * a success in the team signed into, a failure in the teams of the account tried
 * (none when no account has that email); a refused (rate-limited) attempt in neither.
 */
export async function signIn(db: Database, input: LoginInput, client: Client): Promise<SignedIn> {
  const counted = await beginLoginAttempt(db, { email: input.email, ip: client.ip });
  let account: Awaited<ReturnType<typeof authenticate>>;
  try {
    account = await authenticate(db, input);
  } catch (error) {
    if (isAppError(error) && error.code === "UNAUTHENTICATED")
      await recordFailedSignIn(db, { email: input.email, client });
    throw error;
  }
  await forgiveLoginAttempt(db, counted);
  const session = await createSession(db, { ...account, ...client });
  await recordSignIn(db, { ...account, client });
  return session;
}

/** Creates the account and its team, then opens a session; every sign-up counts toward its address's limit. */
export async function signUp(db: Database, input: SignupInput, client: Client): Promise<SignedIn> {
  await beginSignup(db, { ip: client.ip });
  const account = await createAccount(db, input);
  return createSession(db, { ...account, ...client });
}
