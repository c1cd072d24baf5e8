import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/members";
import { PageHeader } from "#app/components/dashboard/page-header.tsx";
import { InvitationLinkNotice } from "#app/components/members/invitation-link-notice.tsx";
import { InvitationsTable } from "#app/components/members/invitations-table.tsx";
import { InviteForm } from "#app/components/members/invite-form.tsx";
import { MembersTable } from "#app/components/members/members-table.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { getDb } from "#db/database.ts";
import { publicBaseUrl } from "#server/account/public-base-url.ts";
import { createInvitation, listInvitations, resendInvitation } from "#server/members/invitations.ts";
import { listMembers } from "#server/members/members.ts";
import { can, forbiddenMessage } from "#server/teams/permissions.ts";
import { accessOf } from "#app/http/access.ts";
import { sessionContext } from "#app/http/context.ts";
import { formFailure } from "#app/http/forms.ts";
import { InviteMemberSchema } from "#shared/teams/member-schemas.ts";
import { TEAM_ROLES, type TeamRole } from "#shared/teams/roles.ts";

export const meta: Route.MetaFunction = () => [{ title: "Members · Murmur" }];

const NOTHING_SENT: { email: string; url: string } | null = null;
const ResendSchema = z.object({ invitationId: z.string().max(100) });

/** The roles a person may give: all four for an Owner, all but Owner for an Admin, none otherwise. */
function grantableBy(role: TeamRole): TeamRole[] {
  if (!can(role, "members.manage")) return [];
  return TEAM_ROLES.filter((one) => one !== "owner" || can(role, "owners.manage"));
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  const access = accessOf(session);
  const managing = can(access.role, "members.manage");
  const [members, invitations] = await Promise.all([
    listMembers(getDb(), { access }),
    managing ? listInvitations(getDb(), { access }) : [],
  ]);
  const now = Date.now();
  return {
    grantable: grantableBy(access.role),
    members: members.map((m) => ({
      ...m,
      joinedAt: m.joinedAt.toISOString(),
      isYou: m.userId === session.user.id,
      manageable: managing && (m.role !== "owner" || can(access.role, "owners.manage")),
    })),
    invitations: invitations.map((i) => ({
      ...i,
      sentAt: i.sentAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
      expired: i.expiresAt.getTime() <= now,
    })),
  };
}

// No redirect after inviting or resending: the link is in this one answer and nowhere else.
export async function action({ request, context }: Route.ActionArgs) {
  const access = accessOf(context.get(sessionContext));
  // The role is checked before the form is read, so a Viewer hears why, not what the form lacks.
  if (!can(access.role, "members.manage")) {
    const refusal = {
      type: "error" as const,
      title: "Invitation not sent",
      description: forbiddenMessage(access.role, "members.manage"),
    };
    return data({ result: undefined, sent: NOTHING_SENT, toasts: [refusal] }, { status: 403 });
  }
  const formData = await request.formData();
  const resend = formData.get("intent") === "resend";
  const submission = parseWithZod(formData, { schema: resend ? ResendSchema : InviteMemberSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: NOTHING_SENT, toasts: [] }, { status: 400 });
  const baseUrl = publicBaseUrl(request);
  try {
    const value = submission.value;
    const sent =
      "invitationId" in value
        ? await resendInvitation(getDb(), { access, invitationId: value.invitationId, baseUrl })
        : await createInvitation(getDb(), { access, ...value, baseUrl });
    const toast = {
      type: "success" as const,
      title: "Invitation sent",
      description: `We emailed ${sent.email} a link to join.`,
    };
    return data(
      {
        result: submission.reply({ resetForm: true }),
        sent: { email: sent.email, url: sent.acceptUrl },
        toasts: [toast],
      },
      { status: resend ? 200 : 201 },
    );
  } catch (error) {
    const failure = formFailure(submission, error, { toastTitle: "Invitation not sent" });
    return data({ ...failure.data, sent: NOTHING_SENT }, failure.init ?? undefined);
  }
}

export default function Members({ loaderData, actionData }: Route.ComponentProps) {
  const sent = actionData?.sent;
  const canInvite = loaderData.grantable.length > 0;
  return (
    <>
      <PageHeader
        title="Members"
        description={
          <>
            The people in this team and what each may do.{" "}
            <Link to="/dashboard/settings" className="underline underline-offset-4">
              Back to settings
            </Link>
          </>
        }
      />
      {sent ? <InvitationLinkNotice email={sent.email} url={sent.url} /> : null}
      {canInvite ? (
        <Card className="mb-8">
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Invite someone
            </CardTitle>
            <CardDescription>They get an email with a link that works once, for 7 days.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm grantable={loaderData.grantable} lastResult={actionData?.result} />
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="members-heading" className="mb-8 flex flex-col gap-4">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <MembersTable members={loaderData.members} grantable={loaderData.grantable} />
      </section>
      {canInvite ? (
        <section aria-labelledby="invitations-heading" className="flex flex-col gap-4">
          <h2 id="invitations-heading" className="text-lg font-semibold">
            Pending invitations
          </h2>
          {loaderData.invitations.length === 0 ? (
            <p className="text-sm text-muted-foreground">No pending invitations.</p>
          ) : (
            <InvitationsTable invitations={loaderData.invitations} />
          )}
        </section>
      ) : null}
      <Toasts toasts={actionData?.toasts} />
    </>
  );
}
