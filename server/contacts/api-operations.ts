import { z } from "zod";
import { type ApiOperation, TimestampSchema } from "#shared/api/operation.ts";
import { EraseByEmailSchema, ImportChunkSchema, ListContactsQuerySchema } from "./schemas.ts";

const ContactSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: TimestampSchema,
});

const ContactsPageSchema = z.object({
  data: z.array(ContactSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
  totalIsExact: z.boolean().describe('False when `total` means "1,000 or more" (a searched or filtered list).'),
});

const ImportSummarySchema = z.object({
  id: z.uuid(),
  status: z.string(),
  segmentId: z.uuid().nullable(),
  rowsReceived: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
});

const ImportChunkAnswerSchema = z.object({
  importId: z.uuid(),
  segmentId: z.uuid().nullable(),
  imported: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ rowNumber: z.number().int(), email: z.string().nullable(), reason: z.string() })),
  totals: ImportSummarySchema.optional().describe("The import's totals, on the call that closes it."),
});

const Fields = z.record(z.string(), z.unknown());

const ContactExportSchema = z.object({
  data: z.object({
    contact: z.object({ fields: Fields, attributes: Fields }),
    messages: z.array(Fields),
    engagement: z.array(Fields),
    notes: z.array(z.string()).describe("Set when a list was cut short, saying where."),
    events: z.array(Fields).describe("Every product event of the person, oldest first."),
  }),
});

/** Contacts and imports: app/routes/api/contacts.ts, contacts-import.ts, import-skipped-csv.ts. */
export const contactsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/contacts",
    tag: "Contacts",
    summary: "A page of the team's contacts, newest first",
    auth: "bearer",
    query: ListContactsQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: ContactsPageSchema },
    errors: [400, 401],
  },
  {
    method: "delete",
    path: "/api/contacts",
    tag: "Contacts",
    summary: "Erase the contact with an email address, at their request",
    description:
      "As `DELETE /api/contacts/{id}`, found by email in any case. The address is remembered as a hash so an import skips it unless told to allow erased contacts back.",
    auth: "bearer",
    query: EraseByEmailSchema,
    success: { status: 204, description: "Erased." },
    errors: [400, 401, 403, 404],
  },
  {
    method: "delete",
    path: "/api/contacts/{id}",
    tag: "Contacts",
    summary: "Erase a contact and their data, at their request",
    description:
      "The contact, their events, aliases and memberships go; campaign figures keep their counts without the address.",
    auth: "bearer",
    success: { status: 204, description: "Erased." },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/contacts/{id}/export",
    tag: "Contacts",
    summary: "Everything kept about a contact, as JSON",
    auth: "bearer",
    success: { status: 200, description: "The contact's data, streamed.", schema: ContactExportSchema },
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/api/contacts/import",
    tag: "Contacts",
    summary: "Import contacts, one chunk of rows a call",
    description:
      "The first call opens an import (and its segment when `segmentName` is given); `final` closes it and answers with its totals.",
    auth: "bearer",
    body: ImportChunkSchema,
    success: { status: 200, description: "The chunk's outcome.", schema: ImportChunkAnswerSchema },
    errors: [400, 401, 403, 404, 409, 413],
  },
  {
    method: "get",
    path: "/api/imports/{id}/skipped.csv",
    tag: "Contacts",
    summary: "An import's skipped rows with their reasons, as CSV",
    auth: "bearer",
    success: { status: 200, description: "The skipped rows.", mediaType: "text/csv" },
    errors: [401, 404],
  },
];
