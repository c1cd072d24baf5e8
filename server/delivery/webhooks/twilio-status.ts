import type { Database } from "#db/database.ts";
import { recordProviderStatus } from "#server/delivery/provider-status.ts";
import { isValidTwilioSignature } from "./signatures.ts";
import { publicRequestUrl } from "./public-url.ts";
import { readRawBody, signatureRefused, webhookError, webhookSettings } from "./verify-request.ts";

/** A Twilio webhook's form parameters, once its X-Twilio-Signature is checked with the team's auth token. */
export async function verifiedTwilioParams(
  db: Database,
  request: Request,
  teamId: string | undefined,
): Promise<URLSearchParams> {
  const settings = await webhookSettings(db, teamId, "SMS");
  const params = new URLSearchParams((await readRawBody(request)).toString("utf8"));
  const valid = isValidTwilioSignature({
    authToken: settings.secrets.authToken ?? "",
    url: publicRequestUrl(request),
    params: [...params.entries()],
    signature: request.headers.get("X-Twilio-Signature"),
  });
  if (!settings.secrets.authToken || !valid)
    throw await signatureRefused(db, teamId!, "Twilio", "Invalid Twilio signature.");
  return params;
}

/**
 * Twilio's status callback for a message Murmur sent: "delivered" stamps the
 * delivery, "undelivered" and "failed" fail it with Twilio's error code. Earlier
 * steps (queued, sent...) change nothing: the send already recorded them.
 */
export async function handleTwilioStatus(
  db: Database,
  request: Request,
  teamId: string | undefined,
): Promise<Response> {
  try {
    const params = await verifiedTwilioParams(db, request, teamId);
    // Verified above with this team's token: the status may only touch this team's messages.
    const team = teamId!;
    const sid = params.get("MessageSid") ?? params.get("SmsSid");
    const status = params.get("MessageStatus") ?? params.get("SmsStatus");
    if (sid && (status === "delivered" || status === "read")) {
      await recordProviderStatus(db, { teamId: team, channel: "SMS", providerMessageId: sid, status, at: new Date() });
    } else if (sid && (status === "undelivered" || status === "failed")) {
      const code = params.get("ErrorCode");
      const reason = `Twilio reported the message ${status}${code ? ` (error ${code})` : ""}.`;
      await recordProviderStatus(db, {
        teamId: team,
        channel: "SMS",
        providerMessageId: sid,
        status: "failed",
        reason,
        at: new Date(),
      });
    }
    return new Response(null, { status: 204 });
  } catch (error) {
    return webhookError(error);
  }
}
