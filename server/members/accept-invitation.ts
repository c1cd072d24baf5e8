import type { Database } from "#db/database.ts";
import { insertUser } from "#server/auth/accounts.ts";
import { hashPassword } from "#server/auth/password.ts";
import { beginSignup } from "#server/auth/rate-limit.ts";
import { createSession } from "#server/auth/sessions.ts";
import type { Client, SignedIn } from "#server/auth/sign-in.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { notifyInvitationAccepted } from "#server/notifications/invitation-events.ts";
import type { SignupInput } from "#shared/auth/schemas.ts";
import { isTeamRole, type TeamRole } from "#shared/teams/roles.ts";
import { hashInvitationToken } from "./invitation-token.ts";

/** What the invitation page shows about a link that can still be accepted. */
export type InvitationPreview = { email: string; role: TeamRole; teamName: string; invitedBy: string | null };

const NOT_VALID = "This invitation link is not valid. Ask the team for a new one.";

/**
 * The invitation behind a link, or AppError saying plainly why it cannot be used:
 * unknown (NOT_FOUND), already used, revoked or expired (INVALID). Reads only.
 */
export async function getInvitationPreview(
  db: Database,
  options: { token: string; now?: Date },
): Promise<InvitationPreview> {
  const row = await readInvitation(db, options.token);
  refuseUnusable(row, options.now ?? new Date());
  return { email: row.email, role: row.role, teamName: row.teamName, invitedBy: row.invitedBy };
}

/**
 * Joins a signed-in person to the team an invitation names, with its role, and spends
 * the link: one guarded UPDATE, so of two uses (or two people) exactly one joins.
 * The person's email must be the invited one (FORBIDDEN, naming both); someone already
 * in the team is a CONFLICT and the link stays usable.
 */
export async function acceptInvitation(
  db: Database,
  options: { token: string; userId: string; now?: Date },
): Promise<{ teamId: string; role: TeamRole }> {
  const now = options.now ?? new Date();
  const user = await db
    .selectFrom("users")
    .select(["email", "name"])
    .where("id", "=", options.userId)
    .executeTakeFirstOrThrow();
  const row = await readInvitation(db, options.token);
  refuseUnusable(row, now);
  if (row.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(
      "FORBIDDEN",
      `This invitation is for ${row.email}, but you are signed in as ${user.email}. Sign in as ${row.email} to accept it.`,
    );
  }
  return db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom("teamMembers")
      .select("role")
      .where("teamId", "=", row.teamId)
      .where("userId", "=", options.userId)
      .executeTakeFirst();
    if (already) throw new AppError("CONFLICT", `You are already a member of ${row.teamName}.`);
    await spend(trx, { token: options.token, userId: options.userId, now });
    await trx
      .insertInto("teamMembers")
      .values({ teamId: row.teamId, userId: options.userId, role: row.role })
      .execute();
    await recordJoining(trx, { invitation: row, userId: options.userId, name: user.name });
    return { teamId: row.teamId, role: row.role };
  });
}

/**
 * Signs a new person up from an invitation: their account joins the invited team
 * (no team of their own is made; they can create one later) and a session opens on
 * it. The email must be the invited one, on the `email` field.
 */
export async function signUpWithInvitation(
  db: Database,
  options: { token: string; input: SignupInput; client: Client; now?: Date },
): Promise<SignedIn & { teamId: string }> {
  const now = options.now ?? new Date();
  const row = await readInvitation(db, options.token);
  refuseUnusable(row, now);
  if (row.email.toLowerCase() !== options.input.email.toLowerCase()) {
    const message = `This invitation is for ${row.email}. Sign up with that address.`;
    throw new AppError("INVALID", message, { fields: { email: [message] } });
  }
  await beginSignup(db, { ip: options.client.ip });
  const passwordHash = await hashPassword(options.input.password);
  const userId = await db.transaction().execute(async (trx) => {
    const userId = await insertUser(trx, { email: options.input.email, name: options.input.name, passwordHash });
    await spend(trx, { token: options.token, userId, now });
    await trx.insertInto("teamMembers").values({ teamId: row.teamId, userId, role: row.role }).execute();
    await recordJoining(trx, { invitation: row, userId, name: options.input.name });
    return userId;
  });
  const session = await createSession(db, { userId, teamId: row.teamId, ...options.client });
  return { ...session, teamId: row.teamId };
}

/** A person joined through an invitation: the audit log says so, and the team is told. */
async function recordJoining(
  trx: Database,
  options: { invitation: { id: string; teamId: string; email: string; role: TeamRole }; userId: string; name: string },
) {
  const { invitation, userId } = options;
  await recordAudit(trx, {
    access: { teamId: invitation.teamId, actor: { kind: "person", userId } },
    action: "invitation.accepted",
    target: { kind: "invitation", id: invitation.id, label: invitation.email },
    details: { role: invitation.role },
  });
  await notifyInvitationAccepted(trx, {
    teamId: invitation.teamId,
    invitationId: invitation.id,
    memberUserId: userId,
    memberName: options.name,
  });
}

async function readInvitation(db: Database, token: string) {
  if (!token || token.length > 256) throw new AppError("NOT_FOUND", NOT_VALID);
  const row = await db
    .selectFrom("teamInvitations")
    .innerJoin("teams", "teams.id", "teamInvitations.teamId")
    .leftJoin("users", "users.id", "teamInvitations.invitedBy")
    .select([
      "teamInvitations.id",
      "teamInvitations.teamId",
      "teamInvitations.email",
      "teamInvitations.role",
      "teamInvitations.expiresAt",
      "teamInvitations.acceptedAt",
      "teamInvitations.revokedAt",
      "teams.name as teamName",
      "users.name as invitedBy",
    ])
    .where("teamInvitations.tokenHash", "=", hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", NOT_VALID);
  return { ...row, role: isTeamRole(row.role) ? row.role : ("viewer" as TeamRole) };
}

function refuseUnusable(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date) {
  if (row.acceptedAt) throw new AppError("INVALID", "This invitation has already been used.");
  if (row.revokedAt) throw new AppError("INVALID", "This invitation was revoked. Ask the team for a new one.");
  if (row.expiresAt <= now) throw new AppError("INVALID", "This invitation has expired. Ask the team to resend it.");
}

/** Marks the link used, once: a second use, a revoke or a resend in between makes it fail. */
async function spend(trx: Database, options: { token: string; userId: string; now: Date }) {
  const spent = await trx
    .updateTable("teamInvitations")
    .set({ acceptedAt: options.now, acceptedBy: options.userId })
    .where("tokenHash", "=", hashInvitationToken(options.token))
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", options.now)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) throw new AppError("INVALID", "This invitation has already been used.");
}
