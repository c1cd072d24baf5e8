import type { Route } from "./+types/me";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { user, team } = await requireApiUser(request);
    return Response.json({ data: { user, team } });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
