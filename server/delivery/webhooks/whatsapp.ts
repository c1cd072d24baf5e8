import type { Database } from "#db/database.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { AppError } from "#server/errors.ts";
import { isValidWhatsAppSignature, sameSecret } from "./signatures.ts";
import { readRawBody, signatureRefused, webhookError, webhookSettings } from "./verify-request.ts";

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * Meta's verification handshake when the webhook is set up: it sends the verify
 * token the team chose and a challenge, and expects the challenge back.
 */
export async function answerWhatsAppVerification(
  db: Database,
  request: Request,
  teamId: string | undefined,
): Promise<Response> {
  try {
    const settings = await webhookSettings(db, teamId, "WHATSAPP");
    const query = new URL(request.url).searchParams;
    const expected = settings.secrets.verifyToken;
    const token = query.get("hub.verify_token") ?? "";
    if (query.get("hub.mode") !== "subscribe" || !expected || !sameSecret(token, expected)) {
      throw new AppError("FORBIDDEN", "The verify token does not match.");
    }
    return text(query.get("hub.challenge") ?? "");
  } catch (error) {
    return webhookError(error);
  }
}

type StatusUpdate = {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[];
};
type Notification = { entry?: { changes?: { value?: { statuses?: StatusUpdate[] } }[] }[] };

/**
 * Meta's status notifications for sent template messages, signed with the app
 * secret (X-Hub-Signature-256 over the raw body): delivered and read stamp the
 * delivery, failed fails it with Meta's error; "sent" changes nothing.
 */
export async function handleWhatsAppNotification(
  db: Database,
  request: Request,
  teamId: string | undefined,
): Promise<Response> {
  try {
    const settings = await webhookSettings(db, teamId, "WHATSAPP");
    const body = await readRawBody(request);
    const secret = settings.secrets.appSecret;
    if (!secret || !isValidWhatsAppSignature(secret, body, request.headers.get("X-Hub-Signature-256"))) {
      throw await signatureRefused(db, teamId!, "WhatsApp", "Invalid X-Hub-Signature-256.");
    }
    let notification: Notification;
    try {
      notification = JSON.parse(body.toString("utf8")) as Notification;
    } catch {
      throw new AppError("INVALID", "The body must be JSON.");
    }
    // Signed with this team's app secret: the statuses may only touch this team's messages.
    for (const update of statusUpdates(notification)) await applyStatus(db, teamId!, update);
    return text("OK");
  } catch (error) {
    return webhookError(error);
  }
}

function statusUpdates(notification: Notification): StatusUpdate[] {
  const entries = Array.isArray(notification?.entry) ? notification.entry : [];
  return entries.flatMap((entry) =>
    (Array.isArray(entry?.changes) ? entry.changes : []).flatMap((change) =>
      Array.isArray(change?.value?.statuses) ? change.value.statuses : [],
    ),
  );
}

async function applyStatus(db: Database, teamId: string, update: StatusUpdate): Promise<void> {
  if (typeof update.id !== "string") return;
  const seconds = Number(update.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
  if (update.status === "delivered" || update.status === "read") {
    await recordProviderStatus(db, {
      teamId,
      channel: "WHATSAPP",
      providerMessageId: update.id,
      status: update.status,
      at,
    });
  } else if (update.status === "failed") {
    await recordProviderStatus(db, {
      teamId,
      channel: "WHATSAPP",
      providerMessageId: update.id,
      status: "failed",
      reason: failureReason(update),
      at,
    });
  }
}

function failureReason(update: StatusUpdate): string {
  const error = update.errors?.[0];
  if (!error) return "WhatsApp reported the message failed.";
  const code = typeof error.code === "number" || typeof error.code === "string" ? ` ${error.code}` : "";
  const title =
    typeof error.title === "string" ? error.title : typeof error.message === "string" ? error.message : "failed";
  const details = typeof error.error_data?.details === "string" ? ` (${error.error_data.details})` : "";
  return `WhatsApp error${code}: ${title}${details}`;
}
