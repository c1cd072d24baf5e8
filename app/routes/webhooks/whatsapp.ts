import type { Route } from "./+types/whatsapp";
import { getDb } from "#db/database.ts";
import { answerWhatsAppVerification, handleWhatsAppNotification } from "#server/delivery/webhooks/whatsapp.ts";

// Meta's webhook for a team's WhatsApp number: GET is the verify-token handshake,
// POST the signed status notifications. No session: the token and signature are the proof.
export function loader({ request, params }: Route.LoaderArgs) {
  return answerWhatsAppVerification(getDb(), request, params.teamId);
}

export function action({ request, params }: Route.ActionArgs) {
  return handleWhatsAppNotification(getDb(), request, params.teamId);
}
