import { z } from "zod";
import { type ApiOperation, dataOf } from "#shared/api/operation.ts";
import { LoginSchema } from "#shared/auth/schemas.ts";
import { SignupSchema } from "./password-forms.ts";
import { API_TEAM_ROLES } from "#shared/teams/roles.ts";

const TokenSchema = z.object({ token: z.string().describe("The session token, for `Authorization: Bearer <token>`.") });

/**
 * A team as a person sees it: its id, its name and the role they hold in it. Here
 * for `/api/me`; the teams operations (server/members/) answer the same shape.
 */
export const TeamOfPersonSchema = z.object({ id: z.uuid(), name: z.string(), role: z.enum(API_TEAM_ROLES) });

const MeSchema = dataOf(
  z.object({
    user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    team: TeamOfPersonSchema.describe("The session's current team: every call acts on it."),
    teams: z.array(TeamOfPersonSchema).describe("Every team the person belongs to, by name."),
  }),
);

/** Signing in and who the token belongs to: app/routes/api/auth-login.ts, auth-signup.ts, me.ts. */
export const authOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Authentication",
    summary: "Sign in and receive a session token",
    auth: "none",
    body: LoginSchema,
    success: { status: 200, description: "Signed in.", schema: TokenSchema },
    errors: [400, 401, 429],
  },
  {
    method: "post",
    path: "/api/auth/signup",
    tag: "Authentication",
    summary: "Create an account with its own team and receive a session token",
    auth: "none",
    body: SignupSchema,
    success: { status: 201, description: "Account created and signed in.", schema: TokenSchema },
    errors: [400, 409, 429],
  },
  {
    method: "get",
    path: "/api/me",
    tag: "Authentication",
    summary: "The signed-in person, their current team and all their teams",
    auth: "bearer",
    success: { status: 200, description: "Who the token belongs to.", schema: MeSchema },
    errors: [401],
  },
];
