import { z } from "zod";

/**
 * Where a write key is used. A client key lives in code anyone can read (a web
 * page, a mobile app), so it may add a contact's email or phone but never replace
 * one; a server key, kept secret on a server, may.
 */
export const WRITE_KEY_KINDS = ["client", "server"] as const;
export type WriteKeyKind = (typeof WRITE_KEY_KINDS)[number];

export const CreateWriteKeySchema = z.object({
  name: z
    .string({ error: "Key name is required" })
    .trim()
    .min(1, "Key name is required")
    .max(100, "Key name must be at most 100 characters"),
  // Without a choice, the key that can do less.
  kind: z.enum(WRITE_KEY_KINDS, { error: 'Kind must be "client" or "server"' }).default("client"),
});
