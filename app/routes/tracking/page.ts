import type { Route } from "./+types/page";
import { handleTrackingCall } from "#server/events/tracking-request.ts";

export function loader({ request }: Route.LoaderArgs) {
  return handleTrackingCall(request, "page");
}

export function action({ request }: Route.ActionArgs) {
  return handleTrackingCall(request, "page");
}
