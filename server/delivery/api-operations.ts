import { z } from "zod";
import { type ApiOperation, pageOf, TimestampSchema } from "#shared/api/operation.ts";
import { OutboxQuerySchema } from "./outbox-api.ts";
import { RecipientsQuerySchema } from "./recipients-query.ts";

const OutboxMessageSchema = z.object({
  id: z.uuid(),
  campaignId: z.uuid().nullable(),
  channel: z.enum(["EMAIL", "SMS", "WHATSAPP"]),
  to: z.string(),
  messageId: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable().describe("An email's text part, or an SMS's body."),
  headers: z.record(z.string(), z.string()),
  whatsapp: z.object({ template: z.string(), language: z.string(), bodyParameters: z.array(z.string()) }).nullable(),
  sentAt: TimestampSchema,
});

const RecipientSchema = z.object({
  contactId: z.uuid(),
  name: z.string().nullable(),
  address: z.string(),
  status: z.enum(["queued", "sending", "sent", "failed", "unknown", "skipped", "delivered", "read", "bounced"]),
  error: z.string().nullable(),
  sentAt: TimestampSchema.nullable(),
  openedAt: TimestampSchema.nullable(),
  clickedAt: TimestampSchema.nullable(),
});

/** What was sent and to whom: app/routes/api/outbox.ts, campaign-recipients.ts, campaign-recipients-csv.ts. */
export const deliveryOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/outbox",
    tag: "Outbox",
    summary: "Messages in the built-in outbox, newest first",
    description: "What was sent through the outbox channel, as a mail catcher shows it: to test an install end to end.",
    auth: "bearer",
    query: OutboxQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: pageOf(OutboxMessageSchema) },
    errors: [400, 401, 404],
  },
  {
    method: "get",
    path: "/api/campaigns/{id}/recipients",
    tag: "Campaigns",
    summary: "A campaign's recipients, all or one outcome",
    auth: "bearer",
    query: RecipientsQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: pageOf(RecipientSchema) },
    errors: [400, 401, 404],
  },
  {
    method: "get",
    path: "/api/campaigns/{id}/recipients.csv",
    tag: "Campaigns",
    summary: "A campaign's recipients as CSV",
    auth: "bearer",
    query: RecipientsQuerySchema.pick({ outcome: true }),
    success: { status: 200, description: "The recipients, one a row.", mediaType: "text/csv" },
    errors: [400, 401, 404],
  },
];
