import { z } from "zod";
import { type ApiOperation, dataOf, TimestampSchema } from "#shared/api/operation.ts";
import {
  AcceptInvitationSchema,
  ChangeRoleSchema,
  CreateTeamSchema,
  InviteMemberSchema,
  SwitchTeamSchema,
} from "#shared/teams/member-schemas.ts";
import { API_TEAM_ROLES } from "#shared/teams/roles.ts";
import { TeamOfPersonSchema } from "#server/auth/api-operations.ts";

const RoleSchema = z.enum(API_TEAM_ROLES);

const MemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  joinedAt: TimestampSchema,
});

const PendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  invitedBy: z.string().nullable().describe("The inviter's name, null when an API key invited."),
  sentAt: TimestampSchema,
  expiresAt: TimestampSchema.describe("Past this instant the link no longer works; resending renews it."),
});

const SentInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  expiresAt: TimestampSchema,
  acceptUrl: z.string().describe("The link mailed to the invitee. Shown only in this answer."),
});

const MEMBERS_TAG = "Teams and members";

/** Teams, members and invitations: app/routes/api/teams.ts, session-team.ts, members.ts, member.ts, invitation*.ts. */
export const membersOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/teams",
    tag: MEMBERS_TAG,
    summary: "The teams the signed-in person belongs to, with their role in each",
    auth: "bearer",
    success: { status: 200, description: "The teams, by name.", schema: dataOf(z.array(TeamOfPersonSchema)) },
    errors: [401],
  },
  {
    method: "post",
    path: "/api/teams",
    tag: MEMBERS_TAG,
    summary: "Create a team with the caller as its Owner",
    description: "The session stays on its current team; `POST /api/session/team` switches to the new one.",
    auth: "bearer",
    body: CreateTeamSchema,
    success: { status: 201, description: "The new team.", schema: dataOf(TeamOfPersonSchema) },
    errors: [400, 401, 409],
  },
  {
    method: "post",
    path: "/api/session/team",
    tag: MEMBERS_TAG,
    summary: "Make one of the caller's teams the session's current team",
    description: "Every later call with this token acts on that team. A team the caller is not in is a 404.",
    auth: "bearer",
    body: SwitchTeamSchema,
    success: { status: 200, description: "The team now current.", schema: dataOf(TeamOfPersonSchema) },
    errors: [400, 401, 404],
  },
  {
    method: "get",
    path: "/api/members",
    tag: MEMBERS_TAG,
    summary: "The current team's members, earliest joined first",
    auth: "bearer",
    success: { status: 200, description: "The members.", schema: dataOf(z.array(MemberSchema)) },
    errors: [401],
  },
  {
    method: "patch",
    path: "/api/members/{userId}",
    tag: MEMBERS_TAG,
    summary: "Give a member another role",
    description:
      "Owners and Admins manage roles; only an Owner grants or takes the Owner role. The last Owner cannot be demoted (409).",
    auth: "bearer",
    body: ChangeRoleSchema,
    success: { status: 200, description: "The member with the new role.", schema: dataOf(MemberSchema) },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/members/{userId}",
    tag: MEMBERS_TAG,
    summary: "Remove a member from the team, or leave it (one's own userId)",
    description:
      "Owners and Admins remove members; only an Owner removes an Owner. The last Owner cannot leave or be removed (409).",
    auth: "bearer",
    success: { status: 204, description: "Removed." },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/invitations",
    tag: MEMBERS_TAG,
    summary: "The team's open invitations, newest first, expired ones included",
    auth: "bearer",
    success: { status: 200, description: "The open invitations.", schema: dataOf(z.array(PendingInvitationSchema)) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/invitations",
    tag: MEMBERS_TAG,
    summary: "Invite someone into the team with a role, mailing them a link",
    description:
      "Only an Owner invites an Owner. An address already in the team or already invited is a 409 on `email`.",
    auth: "bearer",
    body: InviteMemberSchema,
    success: { status: 201, description: "The invitation and its link.", schema: dataOf(SentInvitationSchema) },
    errors: [400, 401, 403, 409, 429],
  },
  {
    method: "post",
    path: "/api/invitations/accept",
    tag: MEMBERS_TAG,
    summary: "Join the team an invitation names, with its role",
    description:
      "Signed in as the invited address (another address is a 403). A used, revoked or expired link is a 400, an unknown one a 404, and someone already in the team a 409.",
    auth: "bearer",
    body: AcceptInvitationSchema,
    success: {
      status: 200,
      description: "Joined.",
      schema: dataOf(z.object({ teamId: z.uuid(), role: RoleSchema })),
    },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/invitations/{id}",
    tag: MEMBERS_TAG,
    summary: "Revoke an open invitation: its link stops working",
    auth: "bearer",
    success: { status: 204, description: "Revoked." },
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/api/invitations/{id}/resend",
    tag: MEMBERS_TAG,
    summary: "Mail an open invitation again with a new link, valid 7 days",
    description: "The previous link stops working.",
    auth: "bearer",
    success: { status: 200, description: "The invitation and its new link.", schema: dataOf(SentInvitationSchema) },
    errors: [401, 403, 404, 429],
  },
];
