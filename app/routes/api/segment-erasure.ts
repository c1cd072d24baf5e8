import type { Route } from "./+types/segment-erasure";
import { getDb } from "#db/database.ts";
import { requireAccess } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { getSegmentErasure } from "#server/privacy/segment-erasures.ts";

/** `GET /api/segment-erasures/{id}`: how far erasing a segment's contacts has gone. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "team.read");
    const erasure = await getSegmentErasure(getDb(), { teamId: access.teamId, erasureId: params.id });
    return Response.json({ data: erasure });
  });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
