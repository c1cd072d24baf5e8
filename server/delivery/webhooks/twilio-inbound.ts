import type { Database } from "#db/database.ts";
import { unsubscribeByAddress } from "#server/tracking/unsubscribe.ts";
import { verifiedTwilioParams } from "./twilio-status.ts";
import { webhookError } from "./verify-request.ts";

/** Twilio's default opt-out keywords: a reply that is exactly one of these opts the sender out. */
const OPT_OUT_KEYWORDS = new Set([
  "STOP",
  "STOPALL",
  "STOP ALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "OPTOUT",
  "REVOKE",
]);

/** An empty TwiML answer: Murmur replies nothing itself (Twilio sends its own opt-out confirmation). */
const emptyTwiml = () =>
  new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
    headers: { "Content-Type": "text/xml; charset=utf-8" },
  });

export function isOptOut(params: URLSearchParams): boolean {
  // With Advanced Opt-Out Twilio names the kind itself; otherwise the body's keyword decides.
  if (params.get("OptOutType")?.toUpperCase() === "STOP") return true;
  const body = (params.get("Body") ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[.!]+$/, "")
    .toUpperCase();
  return OPT_OUT_KEYWORDS.has(body);
}

/**
 * Twilio's webhook for SMS replies to the team's number: a STOP reply unsubscribes
 * every contact of the team with that phone from SMS. Other replies are acknowledged
 * and dropped (Murmur has no inbox).
 */
export async function handleTwilioInbound(
  db: Database,
  request: Request,
  teamId: string | undefined,
): Promise<Response> {
  try {
    const params = await verifiedTwilioParams(db, request, teamId);
    const from = params.get("From");
    if (from && isOptOut(params)) {
      await unsubscribeByAddress(db, { teamId: teamId!, channel: "SMS", address: from, source: "sms_stop" });
    }
    return emptyTwiml();
  } catch (error) {
    return webhookError(error);
  }
}
