import type { Route } from "./+types/segments-preview";
import { getDb } from "#db/database.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { previewFilter } from "#server/segments/filter/query.ts";
import { PreviewSegmentSchema } from "#shared/segments/schemas.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** How many of the team's contacts a filter selects now, and ten of them: `{ count, sample }`. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const { filter } = await readJsonBody(request, PreviewSegmentSchema);
    return Response.json(await previewFilter(getDb(), { teamId: team.id, filter: parseFilter(filter) }));
  });
}
