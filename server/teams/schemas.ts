import { z } from "zod";
import { isTimeZone } from "./time-zone.ts";

/** The Team card of the Settings page. */
export const TeamSettingsSchema = z.object({
  timeZone: z
    .string({ error: "Choose a time zone" })
    .trim()
    .refine(isTimeZone, "Choose a time zone from the list, such as Europe/Paris or UTC"),
  // Marketing email must carry the sender's postal address; the email footer prints it.
  postalAddress: z.string().trim().max(500, "The postal address must be at most 500 characters").optional(),
});
export type TeamSettingsInput = z.infer<typeof TeamSettingsSchema>;
