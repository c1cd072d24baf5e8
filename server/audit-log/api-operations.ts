import { z } from "zod";
import { type ApiOperation, pageOf, TimestampSchema } from "#shared/api/operation.ts";
import { AUDIT_TARGET_KINDS } from "#shared/audit/actions.ts";
import { AuditLogFilterSchema, AuditLogQuerySchema } from "#shared/audit/schemas.ts";

// `action` and target `kind` stay plain strings in answers: an entry recorded by a
// later version keeps the words it was written with, and clients must accept them.
const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: TimestampSchema,
  actor: z.object({
    kind: z.enum(["person", "api-key"]),
    id: z.string().nullable().describe("The person's user id or the API key's id; null once deleted."),
    name: z.string(),
    email: z.string().nullable(),
  }),
  action: z.string().describe("One of the actions the `action` filter accepts."),
  target: z
    .object({
      kind: z.string().describe(`What the entry is about: ${AUDIT_TARGET_KINDS.join(", ")}.`),
      id: z.string().nullable(),
      label: z.string().nullable().describe("Its name when the entry was recorded."),
    })
    .nullable(),
  details: z.unknown().describe("What changed, as JSON; never a secret."),
  ip: z.string().nullable(),
});

/** The audit log: app/routes/api/audit-log.ts, audit-log-csv.ts. Owners and Admins only. */
export const auditLogOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/audit-log",
    tag: "Audit log",
    summary: "A page of the team's audit log, newest first",
    description: "Filtered by person, action and days (the team's time zone). Owners and Admins only.",
    auth: "bearer",
    query: AuditLogQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: pageOf(AuditEntrySchema) },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/audit-log.csv",
    tag: "Audit log",
    summary: "Every entry the filters match, as CSV",
    description: "Streamed newest first, one row an entry. Owners and Admins only.",
    auth: "bearer",
    query: AuditLogFilterSchema,
    success: { status: 200, description: "The CSV file, as a download.", mediaType: "text/csv" },
    errors: [400, 401, 403],
  },
];
