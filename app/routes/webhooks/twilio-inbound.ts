import type { Route } from "./+types/twilio-inbound";
import { getDb } from "#db/database.ts";
import { methodNotAllowed } from "#server/http/api.ts";
import { handleTwilioInbound } from "#server/delivery/webhooks/twilio-inbound.ts";

// Twilio's incoming-message webhook for a team's number: STOP replies unsubscribe from SMS.
export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request, params }: Route.ActionArgs) {
  return handleTwilioInbound(getDb(), request, params.teamId);
}
