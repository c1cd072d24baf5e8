import { z } from "zod";
import { KeysetQueryFields } from "#server/keyset-query.ts";
import { RECIPIENT_OUTCOMES } from "./recipient-outcomes.ts";

const OUTCOME_MESSAGE = `outcome must be one of ${RECIPIENT_OUTCOMES.join(", ")}`;

/** The recipients list's query, as the API and the campaign page read it. */
export const RecipientsQuerySchema = z.object({
  outcome: z.enum(RECIPIENT_OUTCOMES, { error: OUTCOME_MESSAGE }).optional(),
  ...KeysetQueryFields,
});

/** The same outcome read leniently, for a page's GET parameter: anything unknown is the whole list. */
export function readOutcome(value: string | null): (typeof RECIPIENT_OUTCOMES)[number] | null {
  const parsed = RecipientsQuerySchema.shape.outcome.safeParse(value ?? undefined);
  return parsed.success ? (parsed.data ?? null) : null;
}
