import { z } from "zod";
import { MAX_CHUNK_ROWS } from "./import.ts";

type ContactCells = { name: string | null; email: string | null; phone: string | null };

const ROW_SHAPE = "each contact must be an object of name, email and phone as text";

// One cell of a row: text, a number (sent as text), or empty.
function readCell(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

// Checked by hand rather than with a Zod object per row: a chunk has up to 10,000
// rows and this runs for every one of a million-row import.
const contactRows = z
  .array(z.unknown(), { error: "contacts must be a list of { name, email, phone }" })
  .max(MAX_CHUNK_ROWS, `At most ${MAX_CHUNK_ROWS} contacts per request; send larger files in chunks`)
  .transform((rows, ctx) => {
    const contacts: ContactCells[] = [];
    for (const [index, row] of rows.entries()) {
      const cells =
        typeof row === "object" && row !== null && !Array.isArray(row) ? (row as Record<string, unknown>) : null;
      const contact = cells && {
        name: readCell(cells.name),
        email: readCell(cells.email),
        phone: readCell(cells.phone),
      };
      if (!contact || contact.name === undefined || contact.email === undefined || contact.phone === undefined) {
        ctx.addIssue({ code: "custom", path: [index], message: ROW_SHAPE, input: row });
        return z.NEVER;
      }
      contacts.push(contact as ContactCells);
    }
    return contacts;
  });

/** `POST /api/contacts/import`: the spec's {contacts, segmentName}, plus chunking fields for large files. */
export const ImportChunkSchema = z.object({
  contacts: contactRows,
  segmentName: z.string().trim().max(200).optional().nullable(),
  fileName: z.string().max(255).optional().nullable(),
  // "Allow erased contacts back": read when the import opens; off, a row whose email
  // belongs to a contact erased at their request is skipped with that reason.
  allowErased: z.boolean().optional(),
  // Either the id the first answer returned, or one the client chose for its first
  // request (so retrying that request cannot open a second import).
  importId: z.uuid("importId must be a UUID").optional(),
  chunkIndex: z.number().int().min(0).optional(),
  firstRow: z.number().int().min(1).optional(),
  final: z.boolean().optional(),
  // Apply this chunk only after chunk chunkIndex - 1 of the same import (waiting for
  // it up to a minute), so the next chunk may be sent before the previous is answered.
  afterPrevious: z.boolean().optional(),
  // Stops the import: its rows so far stay, it takes no more chunks.
  cancel: z.boolean().optional(),
});

export const ListContactsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  hasPhone: z.enum(["any", "yes", "no"], { error: "hasPhone must be any, yes or no" }).optional(),
  limit: z.coerce.number().int().min(1, "limit must be 1 to 500").max(500, "limit must be 1 to 500").optional(),
  cursor: z.string().max(200).optional(),
});

/** `DELETE /api/contacts?email=`: the address of the contact to erase, in any case. */
export const EraseByEmailSchema = z.object({ email: z.email("email must be an email address") });
