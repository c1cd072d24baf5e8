import { z } from "zod";
import type { TeamRole } from "#shared/teams/roles.ts";

/** The roles an API key may act with: never Owner, so no key can delete the team or change its owners. */
export const API_KEY_ROLES = ["admin", "marketer", "viewer"] as const satisfies readonly TeamRole[];
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: "Key name is required" })
    .trim()
    .min(1, "Key name is required")
    .max(100, "Key name must be at most 100 characters"),
  // Without a choice, the key that can do least.
  role: z.enum(API_KEY_ROLES, { error: "Role must be Admin, Marketer or Viewer" }).default("viewer"),
});
