import { z } from "zod";
import { type ApiOperation, dataOf, TimestampSchema } from "#shared/api/operation.ts";
import { EraseSegmentContactsSchema } from "#shared/segments/schemas.ts";

const SegmentErasureSchema = z.object({
  id: z.uuid(),
  segmentId: z.uuid().nullable().describe("Null once the segment is deleted."),
  segmentName: z.string(),
  segmentKind: z.enum(["static", "filter"]),
  status: z.enum(["running", "completed"]),
  total: z.number().int().describe("The segment's contacts when the erasure started: the snapshot it erases."),
  erased: z.number().int(),
  alreadyGone: z.number().int().describe("Contacts of the snapshot erased or deleted otherwise before their turn."),
  createdAt: TimestampSchema,
  finishedAt: TimestampSchema.nullable(),
});

/** Bulk erasure: app/routes/api/segment-erase-contacts.ts and segment-erasure.ts. */
export const privacyOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/segments/{id}/erase-contacts",
    tag: "Segments",
    summary: "Erase every contact of a segment, on the worker",
    description:
      "Owners and Admins. `confirm` must be the segment's name. The segment's members are taken once, now (a filter " +
      "segment is evaluated now), and each is erased as `DELETE /api/contacts/{id}` erases one, in batches; follow " +
      "the progress at `GET /api/segment-erasures/{id}`. 409 while the segment's contacts are being erased already.",
    auth: "bearer",
    body: EraseSegmentContactsSchema,
    success: { status: 202, description: "The erasure, started.", schema: dataOf(SegmentErasureSchema) },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/segment-erasures/{id}",
    tag: "Segments",
    summary: "How far erasing a segment's contacts has gone",
    auth: "bearer",
    success: { status: 200, description: "The erasure and its counts.", schema: dataOf(SegmentErasureSchema) },
    errors: [401, 404],
  },
];
