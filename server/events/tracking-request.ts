import { getDb } from "#db/database.ts";
import { AppError, isAppError } from "#server/errors.ts";
import { log } from "#server/log.ts";
import { isDatabaseUnavailable } from "#db/database-unavailable.ts";
import { databaseUnavailable } from "#server/http/database-unavailable.ts";
import { findLiveWriteKey, hashWriteKey, type LiveWriteKey } from "#server/write-keys/write-keys.ts";
import { ingestMessages } from "./ingest.ts";
import { MAX_BATCH_BYTES, MAX_EVENT_BYTES, parseTrackingBody, type TrackingCall } from "./messages.ts";
import { type TrackingLimiter, trackingLimiter } from "./tracking-rate-limit.ts";
import { type UnknownWriteKeys, unknownWriteKeys } from "./unknown-write-keys.ts";
import { type IngestionPressure, ingestionPressure } from "#server/ingestion-pressure/pressure.ts";

// Browsers may post events from any site that embeds the tracking snippet.
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  // So a browser's SDK can read how long a 429 asks it to wait.
  "Access-Control-Expose-Headers": "Retry-After",
};

/**
 * One call to the Segment-compatible tracking API (`POST /v1/track`, `/v1/identify`,
 * `/v1/page`, `/v1/batch`): the write key as the HTTP Basic user name (or `writeKey`
 * in the body), the body checked against Segment's size limits, then stored.
 * Answers `{ success: true }` like Segment, or `{ message }` with 400 or 401, or
 * 429 with Retry-After once the key is over its rate (tracking-rate-limit.ts).
 *
 * An identify through a client key that would replace a contact's email or phone
 * is still a 200: the rest of the call (and of its batch) is stored, and Segment's
 * SDKs drop a batch answered 4xx without reading the body. The refused change is
 * logged and named in `warnings`, for whoever reads the answer while debugging.
 *
 * A made-up key costs one lookup, then none (unknown-write-keys.ts): `ip` is the
 * client's address, which may try only so many unknown keys a minute.
 *
 * Every POST counts as in flight on `pressure` (this process's, unless a test passes
 * its own) until it is answered: the workers' background loops yield to a burst of them
 * (server/ingestion-pressure/gate.ts).
 */
export async function handleTrackingCall(
  request: Request,
  call: TrackingCall,
  options: {
    ip?: string | null;
    limiter?: TrackingLimiter;
    pressure?: IngestionPressure;
    unknownKeys?: UnknownWriteKeys;
  } = {},
): Promise<Response> {
  const limiter = options.limiter ?? trackingLimiter;
  const requireWriteKey = (key: string) =>
    requireLiveWriteKey(key, options.ip, options.unknownKeys ?? unknownWriteKeys);
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (request.method !== "POST") {
    return Response.json(
      { message: "Method not allowed. Use POST." },
      { status: 405, headers: { Allow: "POST", ...CORS } },
    );
  }
  const receivedAt = new Date();
  let bodyRead = false;
  const db = getDb();
  const answered = (options.pressure ?? ingestionPressure).track(db);
  try {
    // The header is checked before the body is read, so a bad key costs no upload.
    const headerKey = writeKeyFromHeader(request.headers.get("Authorization"));
    let writeKey = headerKey ? await requireWriteKey(headerKey) : null;
    // Counted once the key is known to be live, so made-up keys cannot fill the limiter's memory.
    if (headerKey) await limiter.take(db, limitedKey(headerKey));
    const text = await readLimited(request, call === "batch" ? MAX_BATCH_BYTES : MAX_EVENT_BYTES, call);
    bodyRead = true;
    if (!writeKey) {
      const bodyKey = writeKeyFromBody(text);
      if (!bodyKey) throw new AppError("UNAUTHENTICATED", "Missing write key: send it as the HTTP Basic user name.");
      writeKey = await requireWriteKey(bodyKey);
      await limiter.take(db, limitedKey(bodyKey));
    }
    if (/\\u0000/i.test(text)) throw new AppError("INVALID", "Messages may not contain the NUL character (\\u0000).");
    const messages = parseTrackingBody(text, call, receivedAt);
    const { refused } = await ingestMessages(db, {
      teamId: writeKey.teamId,
      keyKind: writeKey.kind,
      messages,
      receivedAt,
    });
    if (refused.length === 0) return Response.json({ success: true }, { headers: CORS });
    for (const change of refused) {
      log.warn(
        {
          teamId: writeKey.teamId,
          writeKeyId: writeKey.id,
          contactId: change.contactId,
          field: change.field,
          messageIds: change.messageIds,
        },
        change.message,
      );
    }
    const warnings = refused.map(({ field, messageIds, message }) => ({ field, messageIds, message }));
    return Response.json({ success: true, warnings }, { headers: CORS });
  } catch (caught) {
    // A database restart or failover is a 503 the SDKs send again, not a failed request.
    const error = isDatabaseUnavailable(caught) ? databaseUnavailable() : caught;
    if (isAppError(error)) {
      const headers: Record<string, string> =
        error.code === "UNAUTHENTICATED"
          ? { ...CORS, "WWW-Authenticate": 'Basic realm="Murmur tracking"' }
          : { ...CORS };
      if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
      // Refused before the whole body was read (a bad key, a body over the limit):
      // the rest of it is still on the connection, so the client must not reuse it.
      if (!bodyRead) headers.Connection = "close";
      return Response.json({ success: false, message: error.message }, { status: error.status, headers });
    }
    log.error({ err: error, call }, "tracking call failed");
    return Response.json(
      { success: false, message: "Something went wrong on our side. Please try again." },
      { status: 500, headers: CORS },
    );
  } finally {
    answered();
  }
}

/** A key as the limiter and the record of unknown keys hold it: its hash, so the key itself is never kept. */
function limitedKey(key: string): string {
  return hashWriteKey(key).toString("base64url");
}

async function requireLiveWriteKey(
  key: string,
  ip: string | null | undefined,
  unknownKeys: UnknownWriteKeys,
): Promise<LiveWriteKey> {
  const invalid = () => new AppError("UNAUTHENTICATED", "Invalid write key: it does not exist or has been revoked.");
  const hash = limitedKey(key);
  if (unknownKeys.isKnownUnknown(hash)) throw invalid();
  unknownKeys.checkAddress(ip);
  const writeKey = await findLiveWriteKey(getDb(), key);
  if (!writeKey) {
    unknownKeys.noteUnknown(hash, ip);
    throw invalid();
  }
  return writeKey;
}

/** The body, refused with a 400 (as Segment does) once it passes the call's limit. */
async function readLimited(request: Request, maxBytes: number, call: TrackingCall): Promise<string> {
  const what = call === "batch" ? "A batch" : "An event";
  const tooLarge = (size: number) =>
    new AppError(
      "INVALID",
      `${what} may be at most ${maxBytes / 1024} KB; this request is ${Math.ceil(size / 1024)} KB.`,
    );
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw tooLarge(declared);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(size);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function writeKeyFromHeader(header: string | null): string | null {
  const match = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const user = decoded.split(":")[0];
  return user || null;
}

/** Segment also takes the key as `writeKey` in the body; only a string there counts. */
function writeKeyFromBody(text: string): string | null {
  const match = /"writeKey"\s*:\s*"([^"\\]{1,100})"/.exec(text);
  return match?.[1] ?? null;
}
