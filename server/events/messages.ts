import { z } from "zod";
import { newId, newIds } from "#db/ids.ts";
import { AppError } from "#server/errors.ts";

/** Segment's limits: one event (or one single call's body), and one batch request. */
export const MAX_EVENT_BYTES = 32 * 1024;
export const MAX_BATCH_BYTES = 500 * 1024;

export type MessageType = "track" | "identify" | "page";
export type TrackingCall = MessageType | "batch";

/** One message as it will be stored: identity, what happened, and when (skew corrected). */
export type TrackedMessage = {
  id: string;
  type: MessageType;
  /** The event name for track, the page name for page, null for identify. */
  name: string | null;
  userId: string | null;
  anonymousId: string | null;
  /** Properties for track and page; traits for identify. */
  properties: Record<string, unknown>;
  context: Record<string, unknown>;
  messageId: string;
  occurredAt: Date;
};

const jsonObject = z.record(z.string(), z.unknown(), { error: "must be a JSON object" });
const identity = z
  .union([z.string(), z.number()], { error: "must be a string" })
  .transform(String)
  .pipe(z.string().max(255, "must be at most 255 characters"))
  .nullish();
const time = z
  .union([z.string(), z.number()], { error: "must be an ISO 8601 date" })
  .transform((value, ctx) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date" });
      return z.NEVER;
    }
    return date;
  })
  .nullish();

/** One Segment message (track, identify or page), as every tracking call's body holds it. */
export const MessageSchema = z.object({
  type: z.string({ error: "is required: track, identify or page" }),
  event: z.string({ error: "must be a string" }).trim().max(200, "must be at most 200 characters").nullish(),
  name: z.string({ error: "must be a string" }).trim().max(200, "must be at most 200 characters").nullish(),
  category: z.string({ error: "must be a string" }).max(200, "must be at most 200 characters").nullish(),
  userId: identity,
  anonymousId: identity,
  traits: jsonObject.nullish(),
  properties: jsonObject.nullish(),
  context: jsonObject.nullish(),
  timestamp: time,
  originalTimestamp: time,
  sentAt: time,
  messageId: z
    .union([z.string(), z.number()], { error: "must be a string" })
    .transform(String)
    .pipe(z.string().min(1).max(255, "must be at most 255 characters"))
    .nullish(),
});

type ParsedMessage = z.output<typeof MessageSchema>;

/**
 * MessageSchema's result for the message SDKs send, checked by hand: every field
 * absent, null or already of the type the schema wants, and within its limits.
 * Anything else (a number as an id, a bad value) returns null and goes through
 * MessageSchema, which converts it or names what is wrong. Batches carry
 * thousands of messages a second, and the schema costs several microseconds
 * each; this check costs a fraction of one.
 */
function plainMessage(input: unknown): ParsedMessage | null {
  if (!isObject(input)) return null;
  const m = input as Record<keyof ParsedMessage, unknown>;
  if (typeof m.type !== "string") return null;
  const event = trimmedName(m.event);
  const name = trimmedName(m.name);
  const timestamp = plainTime(m.timestamp);
  const originalTimestamp = plainTime(m.originalTimestamp);
  const sentAt = plainTime(m.sentAt);
  if (event === false || name === false || timestamp === false || originalTimestamp === false || sentAt === false)
    return null;
  if (!plainText(m.category, 0, 200) || !plainText(m.userId, 0, 255) || !plainText(m.anonymousId, 0, 255)) return null;
  if (!plainText(m.messageId, 1, 255)) return null;
  if (!plainObject(m.traits) || !plainObject(m.properties) || !plainObject(m.context)) return null;
  return {
    type: m.type,
    event,
    name,
    category: m.category as string | null | undefined,
    userId: m.userId as string | null | undefined,
    anonymousId: m.anonymousId as string | null | undefined,
    traits: m.traits as Record<string, unknown> | null | undefined,
    properties: m.properties as Record<string, unknown> | null | undefined,
    context: m.context as Record<string, unknown> | null | undefined,
    timestamp,
    originalTimestamp,
    sentAt,
    messageId: m.messageId as string | null | undefined,
  };
}

/** Absent or a string of `min` to `max` characters. */
function plainText(value: unknown, min: number, max: number): boolean {
  return value == null || (typeof value === "string" && value.length >= min && value.length <= max);
}

/** An event or page name as the schema leaves it (trimmed, at most 200 characters), or false. */
function trimmedName(value: unknown): string | null | undefined | false {
  if (value == null) return value as null | undefined;
  if (typeof value !== "string") return false;
  const trimmed = value.trim();
  return trimmed.length <= 200 && trimmed;
}

/** A date from an ISO string, absent, or false. */
function plainTime(value: unknown): Date | null | undefined | false {
  if (value == null) return value as null | undefined;
  if (typeof value !== "string") return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date;
}

function plainObject(value: unknown): boolean {
  return value == null || isObject(value);
}

/** The body of `POST /v1/batch`: each item is then read with MessageSchema. */
export const BatchSchema = z.object({
  batch: z.array(z.unknown(), { error: "is required: a list of messages" }),
  sentAt: time,
  context: jsonObject.nullish(),
});

/**
 * Turns the body of a tracking call into messages ready to store, or throws a 400
 * naming the message and field at fault (`batch[3].event: ...`). A batch is all or
 * nothing: a client that gets a 400 knows none of it was stored.
 *
 * Times follow Segment: when the client says when it sent the request (`sentAt`),
 * its clock's error is `sentAt - receivedAt`, removed from the event's timestamp.
 */
export function parseTrackingBody(text: string, call: TrackingCall, receivedAt: Date): TrackedMessage[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("INVALID", "The request body must be valid JSON.");
  }
  if (call !== "batch") return [toMessage(body, call, { id: newId(receivedAt.getTime()), receivedAt, where: "" })];

  const parsed = BatchSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, "");
  const { batch, sentAt, context } = parsed.data;
  // No message can pass the limit when the whole body is within it: skip measuring each.
  const measure = Buffer.byteLength(text) > MAX_EVENT_BYTES;
  const ids = newIds(batch.length, receivedAt.getTime());
  return batch.map((item, index) => {
    const where = `batch[${index}]`;
    const size = measure ? Buffer.byteLength(JSON.stringify(item) ?? "") : 0;
    if (size > MAX_EVENT_BYTES) {
      throw new AppError("INVALID", `${where} is ${kb(size)}; an event may be at most ${kb(MAX_EVENT_BYTES)}.`);
    }
    return toMessage(item, null, {
      id: ids[index]!,
      receivedAt,
      where,
      sentAt: sentAt ?? null,
      context: context ?? null,
    });
  });
}

function toMessage(
  input: unknown,
  call: MessageType | null,
  batch: {
    id: string;
    receivedAt: Date;
    where: string;
    sentAt?: Date | null;
    context?: Record<string, unknown> | null;
  },
): TrackedMessage {
  const { where } = batch;
  const candidate = call && isObject(input) ? { ...input, type: call } : input;
  let m = plainMessage(candidate);
  if (!m) {
    const parsed = MessageSchema.safeParse(candidate);
    if (!parsed.success) throw invalid(parsed.error, where);
    m = parsed.data;
  }
  // A single call's path decides its type, whatever the body says.
  const type = call ?? m.type;
  const at = (field: string) => (where ? `${where}.${field}` : field);
  if (type !== "track" && type !== "identify" && type !== "page") {
    throw new AppError(
      "INVALID",
      `${at("type")}: ${JSON.stringify(type)} is not supported; send track, identify or page.`,
      {
        fields: { [at("type")]: ["must be track, identify or page"] },
      },
    );
  }
  if (!m.userId && !m.anonymousId) {
    throw new AppError("INVALID", `${at("userId")}: every message needs a userId or an anonymousId.`, {
      fields: { [at("userId")]: ["userId or anonymousId is required"] },
    });
  }
  if (type === "track" && !m.event) {
    throw new AppError("INVALID", `${at("event")}: a track call needs an event name.`, {
      fields: { [at("event")]: ["is required for track"] },
    });
  }

  const context = batch.context ? { ...batch.context, ...m.context } : (m.context ?? {});
  let properties: Record<string, unknown>;
  if (type === "identify") properties = m.traits ?? (isObject(context.traits) ? context.traits : {});
  else properties = m.properties ?? {};
  if (type === "page" && m.category && properties.category === undefined)
    properties = { ...properties, category: m.category };

  const occurredAt = correctedTime(
    m.timestamp ?? m.originalTimestamp ?? null,
    m.sentAt ?? batch.sentAt ?? null,
    batch.receivedAt,
  );
  return {
    id: batch.id,
    type,
    name: type === "track" ? m.event! : type === "page" ? m.name || null : null,
    userId: m.userId || null,
    anonymousId: m.anonymousId || null,
    properties,
    context,
    // A message without an id cannot be recognised when retried; it gets one of its own.
    messageId: m.messageId ?? `murmur-${newId(batch.receivedAt.getTime())}`,
    occurredAt,
  };
}

/** When the event happened by the server's clock: the client's offset (sentAt vs receipt) removed. */
export function correctedTime(timestamp: Date | null, sentAt: Date | null, receivedAt: Date): Date {
  if (!timestamp) return receivedAt;
  if (!sentAt) return timestamp;
  return new Date(receivedAt.getTime() - (sentAt.getTime() - timestamp.getTime()));
}

function invalid(error: z.ZodError, where: string): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
    const key = `${where}${path}`.replace(/^\./, "") || "body";
    (fields[key] ??= []).push(issue.message);
  }
  const [first] = Object.entries(fields);
  const summary = first ? `${first[0]}: ${first[1][0]}` : "invalid message";
  return new AppError("INVALID", `Invalid message. ${summary}`, { fields });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kb(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}
