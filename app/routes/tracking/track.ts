import type { Route } from "./+types/track";
import { handleTrackingCall } from "#server/events/tracking-request.ts";

export function loader({ request }: Route.LoaderArgs) {
  return handleTrackingCall(request, "track");
}

export function action({ request }: Route.ActionArgs) {
  return handleTrackingCall(request, "track");
}
