import { z } from "zod";
import { NOTIFICATION_KINDS } from "./kinds.ts";

/**
 * The Preferences form: the kinds that arrive (a checkbox each; an unticked box
 * sends nothing, so the list names the ones left on) and the theme.
 */
export const PreferencesSchema = z.object({
  kinds: z.array(z.enum(NOTIFICATION_KINDS, { message: "Choose notifications from the list." })).default([]),
  theme: z.enum(["light", "dark"], { message: "Choose Light or Dark." }),
});

/** The forms beside notifications: mark one read, or all of them. */
export const MarkReadSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.string({ message: "Say which notification." }) }),
  z.object({ intent: z.literal("read-all") }),
]);
