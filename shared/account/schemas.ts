import { z } from "zod";

/** The Sessions page's posts: end one session, or every session but this one. */
export const SessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke"), sessionId: z.string({ error: "Choose a session" }).max(64) }),
  z.object({ intent: z.literal("revoke-others") }),
]);
