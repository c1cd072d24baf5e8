import type { Database } from "#db/database.ts";
import { AppError } from "#server/errors.ts";
import { isWellFormedId } from "#server/not-found.ts";
import { recordAudit } from "#server/audit/record.ts";
import { authorize, type TeamAccess } from "#server/teams/permissions.ts";
import { isTeamRole, type TeamRole } from "#shared/teams/roles.ts";
import { keepAnOwner, lockTeam } from "./owner-rule.ts";

export type Member = { userId: string; name: string; email: string; role: TeamRole; joinedAt: Date };

const MEMBER_NOT_FOUND = "Member not found.";
const LAST_OWNER = "A team needs at least one Owner. Make someone else an Owner first.";

/** The team's members, earliest joined first. Everyone in the team may see them. */
export async function listMembers(db: Database, options: { access: TeamAccess }): Promise<Member[]> {
  authorize(options.access, "team.read");
  const rows = await db
    .selectFrom("teamMembers")
    .innerJoin("users", "users.id", "teamMembers.userId")
    .select(["users.id as userId", "users.name", "users.email", "teamMembers.role", "teamMembers.createdAt"])
    .where("teamMembers.teamId", "=", options.access.teamId)
    .orderBy("teamMembers.createdAt")
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: isTeamRole(row.role) ? row.role : "viewer",
    joinedAt: row.createdAt,
  }));
}

async function getMemberForUpdate(trx: Database, options: { teamId: string; userId: string }) {
  if (!isWellFormedId(options.userId)) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  const row = await trx
    .selectFrom("teamMembers")
    .innerJoin("users", "users.id", "teamMembers.userId")
    .select(["teamMembers.userId", "teamMembers.role", "users.email"])
    .where("teamMembers.teamId", "=", options.teamId)
    .where("teamMembers.userId", "=", options.userId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  return row;
}

/**
 * Gives a member another role. Admins manage Admins, Marketers and Viewers; only an
 * Owner grants or takes the Owner role. The last Owner cannot be demoted (409).
 * Someone outside the team is NOT_FOUND.
 */
export async function changeMemberRole(
  db: Database,
  options: { access: TeamAccess; userId: string; role: TeamRole },
): Promise<Member> {
  const { access } = options;
  authorize(access, "members.manage");
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, access.teamId);
    const member = await getMemberForUpdate(trx, { teamId: access.teamId, userId: options.userId });
    if (member.role === "owner" || options.role === "owner") authorize(access, "owners.manage");
    if (member.role === "owner" && options.role !== "owner") {
      await keepAnOwner(trx, { teamId: access.teamId, losing: member.userId, message: LAST_OWNER });
    }
    await trx
      .updateTable("teamMembers")
      .set({ role: options.role })
      .where("teamId", "=", access.teamId)
      .where("userId", "=", member.userId)
      .execute();
    await recordAudit(trx, {
      access,
      action: "member.role-changed",
      target: { kind: "member", id: member.userId, label: member.email },
      details: { from: member.role, to: options.role },
    });
  });
  const members = await listMembers(db, { access });
  return members.find((member) => member.userId === options.userId)!;
}

/**
 * Removes someone from the team. Their open sessions lose the team on their next
 * request (they move to another team of theirs). Only an Owner removes an Owner;
 * removing oneself is leaving (`leaveTeam`).
 */
export async function removeMember(db: Database, options: { access: TeamAccess; userId: string }): Promise<void> {
  const { access } = options;
  if (access.actor.kind === "person" && access.actor.userId === options.userId) return leaveTeam(db, { access });
  authorize(access, "members.manage");
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, access.teamId);
    const member = await getMemberForUpdate(trx, { teamId: access.teamId, userId: options.userId });
    if (member.role === "owner") {
      authorize(access, "owners.manage");
      await keepAnOwner(trx, { teamId: access.teamId, losing: member.userId, message: LAST_OWNER });
    }
    await deleteMembership(trx, { teamId: access.teamId, userId: member.userId });
    await recordAudit(trx, {
      access,
      action: "member.removed",
      target: { kind: "member", id: member.userId, label: member.email },
      details: { role: member.role },
    });
  });
}

/** The signed-in person leaves the team; the last Owner cannot (409). */
export async function leaveTeam(db: Database, options: { access: TeamAccess }): Promise<void> {
  const { access } = options;
  if (access.actor.kind !== "person") throw new AppError("INVALID", "An API key cannot leave a team.");
  const userId = access.actor.userId;
  await db.transaction().execute(async (trx) => {
    await lockTeam(trx, access.teamId);
    const member = await getMemberForUpdate(trx, { teamId: access.teamId, userId });
    if (member.role === "owner") {
      await keepAnOwner(trx, {
        teamId: access.teamId,
        losing: userId,
        message: "You are the last Owner of this team. Make someone else an Owner before you leave.",
      });
    }
    await deleteMembership(trx, { teamId: access.teamId, userId });
    await recordAudit(trx, {
      access,
      action: "member.removed",
      target: { kind: "member", id: userId, label: member.email },
      details: { role: member.role, left: true },
    });
  });
}

async function deleteMembership(trx: Database, options: { teamId: string; userId: string }) {
  await trx
    .deleteFrom("teamMembers")
    .where("teamId", "=", options.teamId)
    .where("userId", "=", options.userId)
    .execute();
}
