import type { Route } from "./+types/batch";
import { handleTrackingCall } from "#server/events/tracking-request.ts";

export function loader({ request }: Route.LoaderArgs) {
  return handleTrackingCall(request, "batch");
}

export function action({ request }: Route.ActionArgs) {
  return handleTrackingCall(request, "batch");
}
