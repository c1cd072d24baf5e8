import type { Route } from "./+types/twilio-status";
import { getDb } from "#db/database.ts";
import { methodNotAllowed } from "#server/http/api.ts";
import { handleTwilioStatus } from "#server/delivery/webhooks/twilio-status.ts";

// Twilio's status callbacks for a team's SMS: no session, the signature is the proof.
export function loader() {
  return methodNotAllowed(["POST"]);
}

export function action({ request, params }: Route.ActionArgs) {
  return handleTwilioStatus(getDb(), request, params.teamId);
}
