import type { Database } from "#db/database.ts";
import { notifyTeam } from "./notify.ts";

/**
 * Tells the team that a person accepted an invitation and joined it; the newcomer
 * is not told of their own arrival. Once per invitation, so it may run inside the
 * acceptance's transaction or after it, and again on a retry.
 */
export async function notifyInvitationAccepted(
  db: Database,
  options: { teamId: string; invitationId: string; memberUserId: string; memberName: string },
): Promise<void> {
  await notifyTeam(db, {
    teamId: options.teamId,
    kind: "invitation-accepted",
    title: `${options.memberName} joined the team`,
    body: "They accepted an invitation.",
    linkPath: "/dashboard/settings/members",
    dedupeKey: `invitation-accepted:${options.invitationId}`,
    exceptUserId: options.memberUserId,
  });
}
