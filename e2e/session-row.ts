import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createDatabase, type Database } from "#db/database.ts";
import { embeddedServerUrl } from "#db/embedded.ts";
import { APP_DATABASE, withDatabase } from "#db/start.ts";
import { createAccount } from "#server/auth/accounts.ts";
import { createSession } from "#server/auth/sessions.ts";
import { sessionCookie } from "#app/http/cookies.ts";
import type { TeamRole } from "#shared/teams/roles.ts";
import { newUser, type NewUser } from "./helpers.ts";

// Specs whose subject is not signing in start signed in the way STYLE.md asks: a
// user, their team and a session row written straight into the e2e server's
// database, and the session cookie put in the browser. Only e2e/auth.spec.ts
// goes through the signup and login forms.

// playwright.config.ts starts the server with DATA_DIR .data/e2e; its embedded
// PostgreSQL listens on a port it picks, which PostgreSQL itself records on the
// fourth line of postmaster.pid in the cluster directory.
const CLUSTER_DIR = path.resolve(".data/e2e/postgres");

let database: Promise<Database> | undefined;

async function connectToE2eDatabase(): Promise<Database> {
  const pid = await readFile(path.join(CLUSTER_DIR, "postmaster.pid"), "utf8");
  const port = Number(pid.split("\n")[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no port in ${CLUSTER_DIR}/postmaster.pid: is the e2e server running?`);
  // One connection per Playwright worker is plenty for a few inserts per test.
  return createDatabase(withDatabase(embeddedServerUrl(port), APP_DATABASE), { max: 1 });
}

/** The e2e server's database, for specs that write what another part of the system would (an engine's rows). */
export function e2eDatabase(): Promise<Database> {
  database ??= connectToE2eDatabase();
  return database;
}

export type SignedInUser = NewUser & { userId: string; teamId: string; token: string };

/**
 * Signs a new person in without the forms: their account, team and session are
 * created in the server's database and the browser holds the session cookie, so
 * `page` and `page.request` act as them. Ends on /dashboard, where signing up lands.
 */
export async function signInWithSessionRow(page: Page, user: NewUser = newUser()): Promise<SignedInUser> {
  database ??= connectToE2eDatabase();
  const db = await database;
  const { userId, teamId } = await createAccount(db, user);
  const { token } = await createSession(db, { userId, teamId });
  const [pair = ""] = (await sessionCookie.serialize(token)).split(";");
  const at = pair.indexOf("=");
  await page
    .context()
    .addCookies([
      { name: pair.slice(0, at), value: pair.slice(at + 1), url: configuredBaseURL(), httpOnly: true, sameSite: "Lax" },
    ]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  return { ...user, userId, teamId, token };
}

/** The server's origin, as playwright.config.ts sets it for every project. */
function configuredBaseURL(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("signInWithSessionRow needs the baseURL that playwright.config.ts sets");
  return baseURL;
}

/**
 * Signs a new person in as a member of an existing team with `role`, as the members
 * page would have added them: their own account, a team_members row in `teamId`, and
 * a session on that team. Ends on /dashboard.
 */
export async function signInAsMember(page: Page, options: { teamId: string; role: TeamRole }): Promise<SignedInUser> {
  database ??= connectToE2eDatabase();
  const db = await database;
  const user = newUser();
  const { userId } = await createAccount(db, user);
  await db.insertInto("teamMembers").values({ teamId: options.teamId, userId, role: options.role }).execute();
  const { token } = await createSession(db, { userId, teamId: options.teamId });
  const [pair = ""] = (await sessionCookie.serialize(token)).split(";");
  const at = pair.indexOf("=");
  await page
    .context()
    .addCookies([
      { name: pair.slice(0, at), value: pair.slice(at + 1), url: configuredBaseURL(), httpOnly: true, sameSite: "Lax" },
    ]);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  return { ...user, userId, teamId: options.teamId, token };
}

/** A team whose Owner never opens a browser: its id, and the Owner's token for the API. */
export async function teamOwnedBySomeoneElse(): Promise<{ teamId: string; token: string }> {
  database ??= connectToE2eDatabase();
  const db = await database;
  const { userId, teamId } = await createAccount(db, newUser());
  const { token } = await createSession(db, { userId, teamId });
  return { teamId, token };
}
