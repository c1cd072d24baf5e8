import type { Route } from "./+types/segments";
import { getDb } from "../../../db/database.ts";
import { SegmentNameSchema } from "../../../server/segments/schemas.ts";
import { createSegment, listSegments } from "../../../server/segments/segments.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "../../../server/http/api.ts";
import { requireApiUser } from "../../../server/http/session.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await listSegments(getDb(), { teamId: team.id }) });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const { name } = await readJsonBody(request, SegmentNameSchema);
    return Response.json({ data: await createSegment(getDb(), { teamId: team.id, name }) }, { status: 201 });
  });
}
