import { z } from "zod";
import { isTimeZone } from "./time-zone.ts";

/** The months a team may choose to keep its product events for, besides forever. */
export const KEEP_EVENTS_MONTHS = [1, 3, 6, 12, 13, 18, 24, 36, 60];

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
  // "forever" or a number of months; absent leaves the setting as it is.
  keepEvents: z
    .string()
    .trim()
    .refine(
      (value) => value === "forever" || (/^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1200),
      "Choose forever or a number of months from 1 to 1200",
    )
    .transform((value) => (value === "forever" ? null : Number(value)))
    .optional(),
});
export type TeamSettingsInput = z.infer<typeof TeamSettingsSchema>;
