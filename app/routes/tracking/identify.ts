import type { Route } from "./+types/identify";
import { handleTrackingCall } from "#server/events/tracking-request.ts";

export function loader({ request }: Route.LoaderArgs) {
  return handleTrackingCall(request, "identify");
}

export function action({ request }: Route.ActionArgs) {
  return handleTrackingCall(request, "identify");
}
