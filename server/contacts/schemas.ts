import { z } from "zod";
import { MAX_CHUNK_ROWS } from "./import.ts";

const cell = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? null : String(value)));

/** `POST /api/contacts/import`: the spec's {contacts, segmentName}, plus chunking fields for large files. */
export const ImportChunkSchema = z.object({
  contacts: z
    .array(z.object({ name: cell, email: cell, phone: cell }), { error: "contacts must be a list of { name, email, phone }" })
    .max(MAX_CHUNK_ROWS, `At most ${MAX_CHUNK_ROWS} contacts per request; send larger files in chunks`),
  segmentName: z.string().trim().max(200).optional().nullable(),
  fileName: z.string().max(255).optional().nullable(),
  // Either the id the first answer returned, or one the client chose for its first
  // request (so retrying that request cannot open a second import).
  importId: z.uuid("importId must be a UUID").optional(),
  chunkIndex: z.number().int().min(0).optional(),
  firstRow: z.number().int().min(1).optional(),
  final: z.boolean().optional(),
  // Stops the import: its rows so far stay, it takes no more chunks.
  cancel: z.boolean().optional(),
});

export const ListContactsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  hasPhone: z.enum(["any", "yes", "no"], { error: "hasPhone must be any, yes or no" }).optional(),
  limit: z.coerce.number().int().min(1, "limit must be 1 to 500").max(500, "limit must be 1 to 500").optional(),
  cursor: z.string().max(200).optional(),
});
