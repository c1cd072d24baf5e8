import { z } from "zod";
import { AUDIT_ACTIONS } from "./actions.ts";

const DAY_MESSAGE = "must be a day as YYYY-MM-DD";
const LIMIT_MESSAGE = "limit must be 1 to 500";

/** A calendar day (YYYY-MM-DD) that exists: "2026-02-31" has the shape but is refused. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const day = (field: string) => z.string().refine(isDay, `${field} ${DAY_MESSAGE}`);

const filterFields = {
  actor: z.uuid({ error: "actor must be the id of a person of the team" }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "action must be one of the audit log's actions" }).optional(),
  from: day("from").optional(),
  to: day("to").optional(),
};

// Refused rather than silently swapped, so a client learns its mistake.
const fromNotAfterTo = (filter: { from?: string; to?: string }) =>
  !filter.from || !filter.to || filter.from <= filter.to;
const FROM_AFTER_TO = { message: "from must be on or before to", path: ["from"] };

/**
 * The filters of the audit log: the person who acted (their user id), the action, and
 * the first and last day (both included, in the team's time zone).
 */
export const AuditLogFilterSchema = z.object(filterFields).refine(fromNotAfterTo, FROM_AFTER_TO);

export type AuditLogFilter = z.infer<typeof AuditLogFilterSchema>;

/** `GET /api/audit-log`: the filters, a page size of 1 to 500 (default 50) and the opaque cursor of a previous page. */
export const AuditLogQuerySchema = z
  .object({
    ...filterFields,
    cursor: z.string().max(300, "Not a cursor returned by this API").optional(),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(500, LIMIT_MESSAGE)
      .optional(),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO);

export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;
