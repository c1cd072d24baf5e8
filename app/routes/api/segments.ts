import { z } from "zod";
import type { Route } from "./+types/segments";
import { getDb } from "../../../db/database.ts";
import { parseFilter } from "../../../server/segments/filter/parse.ts";
import { createFilterSegment } from "../../../server/segments/filter-segments.ts";
import { SegmentNameSchema } from "../../../shared/segments/schemas.ts";
import { createSegment, listSegments } from "../../../server/segments/segments.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "../../../server/http/api.ts";
import { requireApiUser } from "../../http/session.ts";

// The filter is checked by parseFilter, which names a bad node by its path.
const CreateSegmentSchema = SegmentNameSchema.extend({ filter: z.unknown().optional() });

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
    const { name, filter } = await readJsonBody(request, CreateSegmentSchema);
    const segment =
      filter === undefined
        ? await createSegment(getDb(), { teamId: team.id, name })
        : await createFilterSegment(getDb(), { teamId: team.id, name, filter: parseFilter(filter) });
    return Response.json({ data: segment }, { status: 201 });
  });
}
