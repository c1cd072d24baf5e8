import { z } from "zod";

const LIMIT_MESSAGE = "limit must be 1 to 500";

/**
 * The query fields every keyset list of the API takes: a page size of 1 to 500 and
 * the opaque cursor of a previous page. Bad values are field errors, never a 500.
 */
export const KeysetQueryFields = {
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(500, LIMIT_MESSAGE)
    .optional(),
  cursor: z.string().max(300, "Not a cursor returned by this API").optional(),
};
