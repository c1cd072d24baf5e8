import type { Database } from "#db/database.ts";
import { runInBackground } from "#server/account/background.ts";
import { sendSystemMail } from "#server/account/system-mail.ts";
import { TEAM_ROLE_LABELS, type TeamRole } from "#shared/teams/roles.ts";

/**
 * Mails the invitation link through the inviting team's email channel (or its outbox),
 * after the answer: a slow or failing provider costs the inviter nothing, and the link
 * is on their page to copy anyway.
 */
export function mailInvitation(
  db: Database,
  options: { teamId: string; email: string; role: TeamRole; url: string; inviterName: string; teamName: string },
): void {
  const role = TEAM_ROLE_LABELS[options.role];
  runInBackground("invitation-mail", () =>
    sendSystemMail(db, {
      teamId: options.teamId,
      mail: {
        to: options.email,
        subject: `${options.inviterName} invited you to ${options.teamName} on Murmur`,
        text: `${options.inviterName} invited you to join ${options.teamName} on Murmur as ${role}.\n\nTo accept, open this link within 7 days: ${options.url}\n\nIf you did not expect this invitation, ignore this mail.`,
      },
    }),
  );
}
