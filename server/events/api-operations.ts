import { z } from "zod";
import type { ApiOperation, ApiErrorStatus } from "#shared/api/operation.ts";
import { BatchSchema, MAX_BATCH_BYTES, MAX_EVENT_BYTES, MessageSchema } from "./messages.ts";

// A single call's path says its type, so the body may leave `type` out.
const SingleMessageBody = MessageSchema.partial({ type: true });
// The route reads the list as any JSON and each item with MessageSchema, naming a bad one by its index.
const BatchBody = BatchSchema.extend({ batch: z.array(MessageSchema) });

const TrackedSchema = z.object({
  success: z.literal(true),
  warnings: z
    .array(z.object({ field: z.string(), messageIds: z.array(z.string()), message: z.string() }))
    .optional()
    .describe("Changes a client write key may not make (replacing an email or phone); the rest was stored."),
});

/** Segment's own error body: `success` false beside the message. */
const TrackingErrorSchema = z.object({ success: z.literal(false), message: z.string() });

const errors: ApiErrorStatus[] = [400, 401, 429];

function trackingCall(call: "track" | "identify" | "page", summary: string): ApiOperation {
  return {
    method: "post",
    path: `/v1/${call}`,
    tag: "Tracking",
    summary,
    description: `Segment-compatible; at most ${MAX_EVENT_BYTES / 1024} KB.`,
    auth: "write-key",
    body: SingleMessageBody,
    success: { status: 200, description: "Stored.", schema: TrackedSchema },
    errors,
    errorSchema: TrackingErrorSchema,
  };
}

/** The Segment-compatible tracking API: app/routes/tracking/track.ts, identify.ts, page.ts, batch.ts. */
export const trackingOperations: ApiOperation[] = [
  trackingCall("track", "Record an event a person did"),
  trackingCall("identify", "Create or update a contact and its traits"),
  trackingCall("page", "Record a page view"),
  {
    method: "post",
    path: "/v1/batch",
    tag: "Tracking",
    summary: "Record several messages at once, all or nothing",
    description: `Segment-compatible; at most ${MAX_BATCH_BYTES / 1024} KB.`,
    auth: "write-key",
    body: BatchBody,
    success: { status: 200, description: "Stored.", schema: TrackedSchema },
    errors,
    errorSchema: TrackingErrorSchema,
  },
];
