import { getDb } from "#db/database.ts";
import { createSession } from "#server/auth/sessions.ts";
import type { TeamRole } from "#shared/teams/roles.ts";
import { action as invitationAction } from "#app/routes/api/invitation.ts";
import { action as resendAction } from "#app/routes/api/invitation-resend.ts";
import { action as acceptAction } from "#app/routes/api/invitations-accept.ts";
import { action as invitationsAction, loader as invitationsLoader } from "#app/routes/api/invitations.ts";
import { action as memberAction } from "#app/routes/api/member.ts";
import { loader as membersLoader } from "#app/routes/api/members.ts";
import { loader as meLoader } from "#app/routes/api/me.ts";
import { action as sessionTeamAction } from "#app/routes/api/session-team.ts";
import { action as teamsAction } from "#app/routes/api/teams.ts";
import { createSignedInUser } from "../factories.ts";
import { bearer, getRequest, jsonRequest } from "../requests.ts";
import { respond, routeArgs } from "../serve-route.ts";

// The members and teams API as a client calls it, with a Bearer token.

export type Caller = { token: string };

export const api = {
  me: (c: Caller) => respond(() => meLoader(routeArgs(getRequest("/api/me", bearer(c.token))))),
  members: (c: Caller) => respond(() => membersLoader(routeArgs(getRequest("/api/members", bearer(c.token))))),
  invitations: (c: Caller) =>
    respond(() => invitationsLoader(routeArgs(getRequest("/api/invitations", bearer(c.token))))),
  invite: (c: Caller, body: unknown) =>
    respond(() => invitationsAction(routeArgs(jsonRequest("/api/invitations", body, { headers: bearer(c.token) })))),
  revoke: (c: Caller, id: string) =>
    respond(() =>
      invitationAction(
        routeArgs(jsonRequest(`/api/invitations/${id}`, "", { method: "DELETE", headers: bearer(c.token) }), {
          params: { id },
        }),
      ),
    ),
  resend: (c: Caller, id: string) =>
    respond(() =>
      resendAction(
        routeArgs(jsonRequest(`/api/invitations/${id}/resend`, "", { headers: bearer(c.token) }), { params: { id } }),
      ),
    ),
  accept: (c: Caller, token: string) =>
    respond(() =>
      acceptAction(routeArgs(jsonRequest("/api/invitations/accept", { token }, { headers: bearer(c.token) }))),
    ),
  changeRole: (c: Caller, userId: string, role: string) =>
    respond(() =>
      memberAction(
        routeArgs(jsonRequest(`/api/members/${userId}`, { role }, { method: "PATCH", headers: bearer(c.token) }), {
          params: { userId },
        }),
      ),
    ),
  remove: (c: Caller, userId: string) =>
    respond(() =>
      memberAction(
        routeArgs(jsonRequest(`/api/members/${userId}`, "", { method: "DELETE", headers: bearer(c.token) }), {
          params: { userId },
        }),
      ),
    ),
  createTeam: (c: Caller, name: string) =>
    respond(() => teamsAction(routeArgs(jsonRequest("/api/teams", { name }, { headers: bearer(c.token) })))),
  switchTeam: (c: Caller, teamId: string) =>
    respond(() =>
      sessionTeamAction(routeArgs(jsonRequest("/api/session/team", { teamId }, { headers: bearer(c.token) }))),
    ),
};

/** The token an acceptUrl carries. */
export function tokenOf(acceptUrl: string): string {
  return new URL(acceptUrl).searchParams.get("token")!;
}

/** A signed-in person who is also in `teamId` with `role`, their session on that team. */
export async function memberOf(teamId: string, role: TeamRole) {
  const person = await createSignedInUser();
  await getDb().insertInto("teamMembers").values({ teamId, userId: person.userId, role }).execute();
  const { token } = await createSession(getDb(), { userId: person.userId, teamId });
  return { ...person, token, ownTeamId: person.teamId };
}
