import { z } from "zod";

export const SegmentNameSchema = z.object({
  name: z
    .string({ error: "Segment name is required" })
    .trim()
    .min(1, "Segment name is required")
    .max(200, "Segment name must be at most 200 characters"),
});

/** The body of one call adding contacts to a segment: 100,000 ids in JSON take about 3.9 MB. */
export const MAX_LINK_CONTACTS_BODY_BYTES = 8 * 1024 * 1024;

export const LinkContactsSchema = z.object({
  contactIds: z
    .array(z.uuid("Each contact id must be a contact's id"), { error: "Select at least one contact" })
    .min(1, "Select at least one contact")
    .max(100_000, "At most 100,000 contacts per request"),
});

/** GET /api/segments: a page of up to `limit` segments after `cursor` (the nextCursor of the page before). */
export const ListSegmentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, "limit must be 1 to 500").max(500, "limit must be 1 to 500").optional(),
  cursor: z.string().max(300).optional(),
});

/** POST /api/segments: a static segment, or a filter segment when `filter` is given (checked by parseFilter, which names a bad node by its path). */
export const CreateSegmentSchema = SegmentNameSchema.extend({ filter: z.unknown().optional() });

/** PATCH /api/segments/:id: a rename, a new filter for a filter segment, or both. */
export const PatchSegmentSchema = z
  .object({ name: SegmentNameSchema.shape.name.optional(), filter: z.unknown().optional() })
  .refine((body) => body.name !== undefined || body.filter !== undefined, { message: "Send a name, a filter or both" });

/** POST /api/segments/preview: the filter to count, checked by parseFilter. */
export const PreviewSegmentSchema = z.object({ filter: z.unknown() });

/**
 * Erasing a segment's contacts: the person types the segment's name to confirm, as
 * destructive actions elsewhere ask; the domain compares it with the name.
 */
export const EraseSegmentContactsSchema = z.object({
  confirm: z
    .string({ error: "Type the segment's name to confirm" })
    .trim()
    .min(1, "Type the segment's name to confirm")
    .max(200, "Type the segment's name to confirm"),
});
