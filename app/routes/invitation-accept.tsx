import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invitation-accept";
import { AuthCard } from "#app/components/auth-card.tsx";
import { Toasts } from "#app/components/toasts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getDb } from "#db/database.ts";
import { isAppError } from "#server/errors.ts";
import { acceptInvitation, getInvitationPreview } from "#server/members/accept-invitation.ts";
import { switchTeam } from "#server/members/teams.ts";
import { getSessionUser, requirePageUser } from "#app/http/session.ts";
import { redirectWithToast } from "#app/http/redirect-with-toast.ts";
import { TEAM_ROLE_LABELS } from "#shared/teams/roles.ts";

export const meta: Route.MetaFunction = () => [{ title: "Join a team · Murmur" }];

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** What the link leads to: an invitation to accept, to sign up or in for, or why it cannot be used. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  try {
    const invitation = await getInvitationPreview(getDb(), { token });
    const session = await getSessionUser(request);
    const here = `/invitations/accept?${new URLSearchParams({ token })}`;
    return {
      problem: null,
      token,
      invitation: { ...invitation, role: TEAM_ROLE_LABELS[invitation.role] },
      signedInAs: session?.user.email ?? null,
      emailMatches: session ? session.user.email.toLowerCase() === invitation.email.toLowerCase() : false,
      signupHref: `/signup?${new URLSearchParams({ invitation: token })}`,
      loginHref: `/login?${new URLSearchParams({ redirectTo: here })}`,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ problem: error.message, token, invitation: null }, { status: error.status });
  }
}

/** Accept: the signed-in person joins the team and starts working in it. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requirePageUser(request);
  const token = tokenOf(request);
  try {
    const joined = await acceptInvitation(getDb(), { token, userId: session.user.id });
    const team = await switchTeam(getDb(), {
      sessionId: session.sessionId,
      userId: session.user.id,
      teamId: joined.teamId,
    });
    return redirectWithToast("/dashboard", {
      type: "success",
      title: "Welcome",
      description: `You joined ${team.name}.`,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { toasts: [{ type: "error" as const, title: "Not joined", description: error.message }] },
      { status: error.status },
    );
  }
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const footer = (
    <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
      Back to Murmur
    </Link>
  );
  if (!loaderData.invitation) {
    return (
      <AuthCard title="Invitation not valid" description={loaderData.problem ?? ""} footer={footer}>
        <p className="text-sm text-muted-foreground">Ask someone in the team to invite you again.</p>
      </AuthCard>
    );
  }
  const { invitation } = loaderData;
  return (
    <AuthCard
      title={`Join ${invitation.teamName}`}
      description={`${invitation.invitedBy ?? "Someone"} invited ${invitation.email} to join as ${invitation.role}.`}
      footer={footer}
    >
      {loaderData.signedInAs === null ? (
        <div className="flex flex-col gap-2">
          <Button asChild>
            <Link to={loaderData.signupHref}>Create an account to join</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={loaderData.loginHref}>I have an account: sign in</Link>
          </Button>
        </div>
      ) : loaderData.emailMatches ? (
        <Form method="post">
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            Accept invitation
          </Button>
        </Form>
      ) : (
        <div role="alert" className="flex flex-col gap-3 text-sm">
          <p>
            This invitation is for {invitation.email}, but you are signed in as {loaderData.signedInAs}. Sign out, then
            sign in or sign up as {invitation.email} to accept it.
          </p>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline">
              Sign out
            </Button>
          </Form>
        </div>
      )}
      <Toasts toasts={actionData?.toasts} />
    </AuthCard>
  );
}
