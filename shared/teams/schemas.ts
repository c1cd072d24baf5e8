import { z } from "zod";
import { isTimeZone } from "./time-zone.ts";

/** The Team card of the Settings page. */
export const TeamSettingsSchema = z.object({
  timeZone: z
    .string({ error: "Choose a time zone" })
    .trim()
    .refine(isTimeZone, "Choose a time zone from the list, such as Europe/Paris or UTC"),
  // Marketing email must carry the sender's postal address; the email footer prints it.
  // Browsers send a textarea's line breaks as CRLF; the footer is built from plain lines.
  postalAddress: z
    .string()
    .trim()
    .max(500, "The postal address must be at most 500 characters")
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .optional(),
});
export type TeamSettingsInput = z.infer<typeof TeamSettingsSchema>;
