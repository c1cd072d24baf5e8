import type { Route } from "./+types/page";
import { handleTrackingCall } from "#server/events/tracking-request.ts";
import { clientOf } from "#app/http/context.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleTrackingCall(request, "page", { ip: clientOf(request, context).ip });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleTrackingCall(request, "page", { ip: clientOf(request, context).ip });
}
