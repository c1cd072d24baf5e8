import { z } from "zod";
import { RECIPIENT_OUTCOMES } from "./recipient-outcomes.ts";

const OUTCOME_MESSAGE = `outcome must be one of ${RECIPIENT_OUTCOMES.join(", ")}`;

/** The recipients list's query, as the API and the campaign page read it. */
export const RecipientsQuerySchema = z.object({
  outcome: z.enum(RECIPIENT_OUTCOMES, { error: OUTCOME_MESSAGE }).optional(),
  limit: z.coerce
    .number({ error: "limit must be 1 to 500" })
    .int("limit must be 1 to 500")
    .min(1, "limit must be 1 to 500")
    .max(500, "limit must be 1 to 500")
    .optional(),
  cursor: z.string().max(300, "Not a cursor returned by this API").optional(),
});

/** The same outcome read leniently, for a page's GET parameter: anything unknown is the whole list. */
export function readOutcome(value: string | null): (typeof RECIPIENT_OUTCOMES)[number] | null {
  const parsed = RecipientsQuerySchema.shape.outcome.safeParse(value ?? undefined);
  return parsed.success ? (parsed.data ?? null) : null;
}
