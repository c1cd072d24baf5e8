import { z } from "zod";
import { EmailSchema } from "#shared/auth/schemas.ts";
import { API_TEAM_ROLES, fromApiRole } from "./roles.ts";

/** A role as the API and the forms send it (`OWNER`, ...), read as the stored role. */
export const RoleSchema = z
  .enum(API_TEAM_ROLES, { error: "Choose a role: OWNER, ADMIN, MARKETER or VIEWER" })
  .transform(fromApiRole);

/** `POST /api/invitations` and the Invite form. */
export const InviteMemberSchema = z.object({ email: EmailSchema, role: RoleSchema });
export type InviteMemberInput = z.infer<typeof InviteMemberSchema>;

/** `PATCH /api/members/{userId}` and a member's role form. */
export const ChangeRoleSchema = z.object({ role: RoleSchema });

/** `POST /api/invitations/accept`: the token from the invitation's acceptUrl. */
export const AcceptInvitationSchema = z.object({
  token: z.string({ error: "The invitation token is required" }).min(1, "The invitation token is required").max(256),
});

/** `POST /api/teams` and the Create team page. */
export const CreateTeamSchema = z.object({
  name: z
    .string({ error: "Team name is required" })
    .trim()
    .min(1, "Team name is required")
    .max(100, "The team name must be at most 100 characters"),
});

/** `POST /api/session/team` and the Switch Team entries. */
export const SwitchTeamSchema = z.object({
  teamId: z.string({ error: "Choose a team" }).min(1, "Choose a team").max(100),
});
