import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { executePrepared } from "#db/prepared-statements.ts";
import { isTeamRole, type TeamRole } from "#shared/teams/roles.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Renewing on every request would write on every page view; once an hour keeps the
// 30-day window sliding at a fraction of the writes.
const RENEW_AFTER_MS = 60 * 60 * 1000;
// "Last seen" on the Sessions page needs minutes, not milliseconds: at most one write a minute a session.
const LAST_SEEN_EVERY_MS = 60 * 1000;

/**
 * Who a request acts as. A person's session, or an API key (`apiKeyId` set): a key is
 * not a person, so for a key `sessionId` is the key's id, `user` is the person who
 * created it (answerable for it; per-person limits count against them) and
 * `team.role` is the key's own role, never the creator's.
 */
export type SessionUser = {
  sessionId: string;
  apiKeyId?: string;
  expiresAt: Date;
  user: { id: string; name: string; email: string };
  team: { id: string; name: string; role: TeamRole };
  /** Set when the session's team had removed this person and the session moved to another of their teams. */
  teamNotice?: string;
};

function hashToken(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/** Opens a session and returns its token; only the token's SHA-256 is stored. */
export async function createSession(
  db: Database,
  options: { userId: string; teamId: string; ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db
    .insertInto("sessions")
    .values({
      id: newId(),
      userId: options.userId,
      teamId: options.teamId,
      tokenHash: hashToken(token),
      expiresAt,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The signed-in user behind a token, or null when the token is unknown, revoked
 * or expired. Records when it was last seen at most once a minute, and extends the
 * expiry (sliding window) at most once an hour. A session always acts on a team its
 * person belongs to: once removed from it, the session moves to another of their
 * teams (saying so in `teamNotice`) or, with none left, ends.
 */
export async function findSession(db: Database, token: string): Promise<SessionUser | null> {
  return (await lookUpSession(db, token)).session;
}

/** What a token opens: a session, or none, with the reason when it just ended for having no team left. */
export type SessionLookup = { session: SessionUser } | { session: null; endedBecause?: string };

/** findSession, also saying why a session ended when its person was removed from their last team. */
export async function lookUpSession(db: Database, token: string): Promise<SessionLookup> {
  if (!token || token.length > 256) return { session: null };
  const tokenHash = hashToken(token);
  let row = await readSession(db, tokenHash);
  let teamNotice: string | undefined;
  if (!row) {
    // A live session whose person was removed from its team: it moves to another of their teams at once.
    const change = await moveToRemainingTeam(db, tokenHash);
    if (!change || "ended" in change) return { session: null, endedBecause: change?.ended };
    teamNotice = change.moved;
    row = await readSession(db, tokenHash);
    if (!row) return { session: null };
  }

  let expiresAt = row.expiresAt;
  const now = Date.now();
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    const renew = expiresAt.getTime() < now + SESSION_TTL_MS - RENEW_AFTER_MS;
    if (renew) expiresAt = new Date(now + SESSION_TTL_MS);
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: new Date(now), expiresAt })
      .where("id", "=", row.sessionId)
      .execute();
  }
  const session: SessionUser = {
    sessionId: row.sessionId,
    expiresAt,
    user: { id: row.userId, name: row.userName, email: row.userEmail },
    // The column is checked to hold a role; anything else is read as the least able one.
    team: { id: row.teamId, name: row.teamName, role: isTeamRole(row.role) ? row.role : "viewer" },
    ...(teamNotice ? { teamNotice } : {}),
  };
  return { session };
}

async function readSession(db: Database, tokenHash: Buffer) {
  // Every signed-in request asks this: a prepared statement, planned once per connection.
  const [row] = await executePrepared(
    db,
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.userId")
      .innerJoin("teams", "teams.id", "sessions.teamId")
      .innerJoin("teamMembers", (join) =>
        join.onRef("teamMembers.teamId", "=", "sessions.teamId").onRef("teamMembers.userId", "=", "sessions.userId"),
      )
      .select([
        "sessions.id as sessionId",
        "sessions.expiresAt",
        "sessions.lastSeenAt",
        "users.id as userId",
        "users.name as userName",
        "users.email as userEmail",
        "teams.id as teamId",
        "teams.name as teamName",
        "teamMembers.role",
      ])
      .where("sessions.tokenHash", "=", tokenHash)
      .where("sessions.revokedAt", "is", null)
      .where("sessions.expiresAt", ">", new Date()),
  );
  return row;
}

/**
 * For a live session whose team no longer counts its person as a member: points it at
 * the team they joined first among those left, or ends the session when they belong
 * to no team any more, and answers the sentence that tells them which. Undefined for
 * an unknown, revoked or expired token.
 */
async function moveToRemainingTeam(
  db: Database,
  tokenHash: Buffer,
): Promise<{ moved: string } | { ended: string } | undefined> {
  const session = await db
    .selectFrom("sessions")
    .leftJoin("teams", "teams.id", "sessions.teamId")
    .select(["sessions.id", "sessions.userId", "sessions.teamId", "teams.name as teamName"])
    .where("sessions.tokenHash", "=", tokenHash)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", new Date())
    .executeTakeFirst();
  if (!session) return undefined;
  const next = await db
    .selectFrom("teamMembers")
    .innerJoin("teams", "teams.id", "teamMembers.teamId")
    .select(["teams.id", "teams.name"])
    .where("teamMembers.userId", "=", session.userId)
    .orderBy("teamMembers.createdAt")
    .limit(1)
    .executeTakeFirst();
  const left = session.teamName ? `You are no longer a member of ${session.teamName}.` : "Your team is gone.";
  if (!next) {
    await db.updateTable("sessions").set({ revokedAt: new Date() }).where("id", "=", session.id).execute();
    return { ended: `${left} You belong to no other team, so you were signed out.` };
  }
  await db
    .updateTable("sessions")
    .set({ teamId: next.id })
    .where("id", "=", session.id)
    .where("teamId", "=", session.teamId)
    .execute();
  return { moved: `${left} You are now working in ${next.name}.` };
}

/**
 * Points a session at another team of its person; false when they are not a member of
 * it (the caller answers NOT_FOUND, as for a team that does not exist).
 */
export async function moveSessionToTeam(
  db: Database,
  options: { sessionId: string; userId: string; teamId: string },
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ teamId: options.teamId })
    .where("id", "=", options.sessionId)
    .where("userId", "=", options.userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("teamMembers")
          .select("teamId")
          .where("teamMembers.teamId", "=", options.teamId)
          .where("teamMembers.userId", "=", options.userId),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends the session behind a token; a token that is already gone is not an error. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revokedAt: new Date() })
    .where("tokenHash", "=", hashToken(token))
    .where("revokedAt", "is", null)
    .execute();
}
