import { Form } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TEAM_ROLE_LABELS, type TeamRole } from "#shared/teams/roles.ts";

export type InvitationRow = {
  id: string;
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Open invitations: who was invited, by whom, when, and until when; each can be resent or revoked. */
export function InvitationsTable({ invitations }: { invitations: InvitationRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="border-b bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Invited by
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Sent
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Expires
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id} className="border-b last:border-0">
              <td className="px-4 py-3 font-medium">{invitation.email}</td>
              <td className="px-4 py-3">{TEAM_ROLE_LABELS[invitation.role]}</td>
              <td className="px-4 py-3">{invitation.invitedBy ?? "—"}</td>
              <td className="px-4 py-3 whitespace-nowrap">{dateFormat.format(new Date(invitation.sentAt))} UTC</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {invitation.expired ? (
                  <Badge variant="secondary">Expired</Badge>
                ) : (
                  `${dateFormat.format(new Date(invitation.expiresAt))} UTC`
                )}
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Form method="post" action="/dashboard/settings/members">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Resend invitation to ${invitation.email}`}
                    >
                      Resend
                    </Button>
                  </Form>
                  <Form method="post" action={`/dashboard/settings/invitations/${invitation.id}/revoke`}>
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      aria-label={`Revoke invitation to ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
