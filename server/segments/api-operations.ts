import { z } from "zod";
import { type ApiOperation, dataOf, pageOf, TimestampSchema } from "#shared/api/operation.ts";
import { FilterSchema } from "#shared/segments/filter/schema.ts";
import {
  CreateSegmentSchema,
  LinkContactsSchema,
  ListSegmentsQuerySchema,
  PatchSegmentSchema,
  PreviewSegmentSchema,
} from "#shared/segments/schemas.ts";

// The routes take `filter` as any JSON and hand it to parseFilter, which checks it
// against FilterSchema (and names a bad node by its path): the reference shows that schema.
const CreateSegmentBody = CreateSegmentSchema.extend({ filter: FilterSchema.optional() });
const PatchSegmentBody = z.object({ ...PatchSegmentSchema.shape, filter: FilterSchema.optional() });
const PreviewSegmentBody = PreviewSegmentSchema.extend({ filter: FilterSchema });

const SegmentCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(["static", "filter"]),
  contactCount: z.number().int().nullable().describe("The stored count, null while it has not been counted."),
  countedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});

const SegmentSchema = z.object({ id: z.uuid(), name: z.string(), kind: z.enum(["static", "filter"]).optional() });

/** A contact as a filter's sample shows it. */
export const SampleContactSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: TimestampSchema,
});

const PreviewSchema = z.object({ count: z.number().int(), sample: z.array(SampleContactSchema) });

/** Segments: app/routes/api/segments.ts, segments-preview.ts, segment.ts, segment-contacts.ts. */
export const segmentsOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/segments",
    tag: "Segments",
    summary: "A page of the team's segments with their stored counts",
    auth: "bearer",
    query: ListSegmentsQuerySchema,
    success: { status: 200, description: "One keyset page.", schema: pageOf(SegmentCardSchema) },
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/segments",
    tag: "Segments",
    summary: "Create a static segment, or a filter segment when a filter is given",
    auth: "bearer",
    body: CreateSegmentBody,
    success: { status: 201, description: "The new segment.", schema: dataOf(SegmentSchema) },
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/api/segments/preview",
    tag: "Segments",
    summary: "How many contacts a filter selects now, and ten of them",
    auth: "bearer",
    body: PreviewSegmentBody,
    success: { status: 200, description: "The count and a sample.", schema: PreviewSchema },
    errors: [400, 401],
  },
  {
    method: "patch",
    path: "/api/segments/{id}",
    tag: "Segments",
    summary: "Rename a segment, change a filter segment's filter, or both",
    auth: "bearer",
    body: PatchSegmentBody,
    success: { status: 200, description: "The segment as saved.", schema: dataOf(SegmentSchema) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "delete",
    path: "/api/segments/{id}",
    tag: "Segments",
    summary: "Delete a segment (its contacts stay)",
    auth: "bearer",
    success: { status: 204, description: "Deleted." },
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/api/segments/{id}/contacts",
    tag: "Segments",
    summary: "Add contacts to a static segment",
    description: "Ids that are not the team's contacts are ignored and counted in `ignored`.",
    auth: "bearer",
    body: LinkContactsSchema,
    success: {
      status: 200,
      description: "How many were linked.",
      schema: dataOf(z.object({ linked: z.number().int(), ignored: z.number().int() })),
    },
    errors: [400, 401, 403, 404, 409, 413],
  },
];
