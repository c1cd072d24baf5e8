import { sql } from "kysely";
import type { Database } from "#db/database.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "#server/audit/record.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { countHits, type RateRule } from "#server/rate-limits/counters.ts";
import { refuseExceeded } from "#server/rate-limits/refusal.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { isTeamRole, type TeamRole } from "#shared/teams/roles.ts";
import { mailInvitation } from "./invitation-mail.ts";
import { INVITATION_TTL_MS, invitationUrl, newInvitationToken } from "./invitation-token.ts";

/** Invitations mailed by one team: plenty for onboarding a company, too few to use Murmur to spam. */
export const INVITATIONS_PER_TEAM: RateRule = { name: "invitations-team", limit: 100, windowSeconds: 60 * 60 };

export type SentInvitation = { id: string; email: string; role: TeamRole; expiresAt: Date; acceptUrl: string };
export type PendingInvitation = {
  id: string;
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  sentAt: Date;
  expiresAt: Date;
};

const INVITATION_NOT_FOUND = "Invitation not found.";

/**
 * Invites an address into the team with a role and mails it the link; the answer
 * carries the same link (`acceptUrl`), the only time it is shown. Only Owners invite
 * Owners. An address already in the team, or with an open invitation, is a CONFLICT
 * on `email`; an expired open one is replaced.
 */
export async function createInvitation(
  db: Database,
  options: { access: TeamAccess; email: string; role: TeamRole; baseUrl: string; now?: Date },
): Promise<SentInvitation> {
  const { access } = options;
  authorize(access, "members.manage");
  if (options.role === "owner") authorize(access, "owners.manage");
  const now = options.now ?? new Date();
  const email = options.email;
  const member = await db
    .selectFrom("teamMembers")
    .innerJoin("users", "users.id", "teamMembers.userId")
    .select("users.id")
    .where("teamMembers.teamId", "=", access.teamId)
    .where(sql`lower(users.email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  if (member) throw conflictOnEmail(`${email} is already a member of this team.`);
  refuseExceeded(
    await countHits(db, [{ rule: INVITATIONS_PER_TEAM, key: access.teamId }], { now }),
    (wait) => `Too many invitations sent. Please wait ${wait} and try again.`,
  );

  const { token, tokenHash } = newInvitationToken();
  const id = newId();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const alreadyInvited = conflictOnEmail(`${email} has already been invited. Resend the invitation instead.`);
  await db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom("teamInvitations")
      .select(["id", "expiresAt"])
      .where("teamId", "=", access.teamId)
      .where(sql`lower(email)`, "=", email.toLowerCase())
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (open && open.expiresAt > now) throw alreadyInvited;
    if (open) await trx.updateTable("teamInvitations").set({ revokedAt: now }).where("id", "=", open.id).execute();
    await trx
      .insertInto("teamInvitations")
      .values({
        id,
        teamId: access.teamId,
        email,
        role: options.role,
        tokenHash,
        invitedBy: access.actor.kind === "person" ? access.actor.userId : null,
        createdAt: now,
        sentAt: now,
        expiresAt,
      })
      .execute()
      .catch((error: unknown) => {
        // Two invitations of one address at once: the open-invitation index lets one in.
        if ((error as { code?: string }).code === "23505") throw alreadyInvited;
        throw error;
      });
    await recordAudit(trx, {
      access,
      action: "invitation.sent",
      target: { kind: "invitation", id, label: email },
      details: { role: options.role },
    });
  });
  const acceptUrl = invitationUrl(options.baseUrl, token);
  await mailFor(db, { access, email, role: options.role, url: acceptUrl });
  return { id, email, role: options.role, expiresAt, acceptUrl };
}

/** The team's open invitations, newest first, expired ones included so they can be resent. */
export async function listInvitations(db: Database, options: { access: TeamAccess }): Promise<PendingInvitation[]> {
  authorize(options.access, "members.manage");
  const rows = await db
    .selectFrom("teamInvitations")
    .leftJoin("users", "users.id", "teamInvitations.invitedBy")
    .select([
      "teamInvitations.id",
      "teamInvitations.email",
      "teamInvitations.role",
      "users.name as invitedBy",
      "teamInvitations.sentAt",
      "teamInvitations.expiresAt",
    ])
    .where("teamInvitations.teamId", "=", options.access.teamId)
    .where("teamInvitations.acceptedAt", "is", null)
    .where("teamInvitations.revokedAt", "is", null)
    .orderBy("teamInvitations.sentAt", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...row, role: isTeamRole(row.role) ? row.role : "viewer" }));
}

/** Revokes an open invitation: its link stops working. Only Owners revoke an Owner's invitation. */
export async function revokeInvitation(
  db: Database,
  options: { access: TeamAccess; invitationId: string; now?: Date },
): Promise<void> {
  const { access } = options;
  authorize(access, "members.manage");
  const invitation = await getOpenInvitation(db, { teamId: access.teamId, invitationId: options.invitationId });
  if (invitation.role === "owner") authorize(access, "owners.manage");
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable("teamInvitations")
      .set({ revokedAt: options.now ?? new Date() })
      .where("id", "=", invitation.id)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return;
    await recordAudit(trx, {
      access,
      action: "invitation.revoked",
      target: { kind: "invitation", id: invitation.id, label: invitation.email },
    });
  });
}

/**
 * Sends an open invitation again with a new link, valid 7 days from now; the old link
 * stops working. Answers the new link, shown once like the first.
 */
export async function resendInvitation(
  db: Database,
  options: { access: TeamAccess; invitationId: string; baseUrl: string; now?: Date },
): Promise<SentInvitation> {
  const { access } = options;
  authorize(access, "members.manage");
  const invitation = await getOpenInvitation(db, { teamId: access.teamId, invitationId: options.invitationId });
  const role = isTeamRole(invitation.role) ? invitation.role : "viewer";
  if (role === "owner") authorize(access, "owners.manage");
  const now = options.now ?? new Date();
  refuseExceeded(
    await countHits(db, [{ rule: INVITATIONS_PER_TEAM, key: access.teamId }], { now }),
    (wait) => `Too many invitations sent. Please wait ${wait} and try again.`,
  );
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("teamInvitations")
      .set({ tokenHash, sentAt: now, expiresAt })
      .where("id", "=", invitation.id)
      .execute();
    await recordAudit(trx, {
      access,
      action: "invitation.sent",
      target: { kind: "invitation", id: invitation.id, label: invitation.email },
      details: { role, resent: true },
    });
  });
  const acceptUrl = invitationUrl(options.baseUrl, token);
  await mailFor(db, { access, email: invitation.email, role, url: acceptUrl });
  return { id: invitation.id, email: invitation.email, role, expiresAt, acceptUrl };
}

async function getOpenInvitation(db: Database, options: { teamId: string; invitationId: string }) {
  if (!isWellFormedId(options.invitationId)) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  const row = await db
    .selectFrom("teamInvitations")
    .select(["id", "email", "role"])
    .where("id", "=", options.invitationId)
    .where("teamId", "=", options.teamId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  return row;
}

async function mailFor(db: Database, options: { access: TeamAccess; email: string; role: TeamRole; url: string }) {
  const { access } = options;
  const team = await db.selectFrom("teams").select("name").where("id", "=", access.teamId).executeTakeFirstOrThrow();
  const inviter =
    access.actor.kind === "person"
      ? await db.selectFrom("users").select("name").where("id", "=", access.actor.userId).executeTakeFirst()
      : undefined;
  mailInvitation(db, {
    teamId: access.teamId,
    email: options.email,
    role: options.role,
    url: options.url,
    inviterName: inviter?.name ?? "Your team",
    teamName: team.name,
  });
}

function conflictOnEmail(message: string): AppError {
  return new AppError("CONFLICT", message, { fields: { email: [message] } });
}
