import type { Route } from "./+types/identify";
import { handleTrackingCall } from "#server/events/tracking-request.ts";
import { clientOf } from "#app/http/context.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  return handleTrackingCall(request, "identify", { ip: clientOf(request, context).ip });
}

export function action({ request, context }: Route.ActionArgs) {
  return handleTrackingCall(request, "identify", { ip: clientOf(request, context).ip });
}
