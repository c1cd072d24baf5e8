import type { Route } from "./+types/segment";
import { getDb } from "#db/database.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { updateFilterSegment } from "#server/segments/filter-segments.ts";
import { PatchSegmentSchema } from "#shared/segments/schemas.ts";
import { deleteSegment, renameSegment } from "#server/segments/segments.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireId } from "#server/http/params.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "segments.write");
    const segmentId = requireId(params.id, "Segment not found.");
    if (request.method === "DELETE") {
      await deleteSegment(getDb(), { access, segmentId });
      return new Response(null, { status: 204 });
    }
    if (request.method === "PATCH") {
      const { name, filter } = await readJsonBody(request, PatchSegmentSchema);
      const segment =
        filter === undefined
          ? await renameSegment(getDb(), { access, segmentId, name: name! })
          : await updateFilterSegment(getDb(), { access, segmentId, name, filter: parseFilter(filter) });
      return Response.json({ data: segment });
    }
    return methodNotAllowed(["PATCH", "DELETE"]);
  });
}
