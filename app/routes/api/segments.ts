import type { Route } from "./+types/segments";
import { getDb } from "#db/database.ts";
import { parseFilter } from "#server/segments/filter/parse.ts";
import { createFilterSegment } from "#server/segments/filter-segments.ts";
import { CreateSegmentSchema, ListSegmentsQuerySchema } from "#shared/segments/schemas.ts";
import { createSegment, listSegments } from "#server/segments/segments.ts";
import { handleApi, methodNotAllowed, parseQuery, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

// A page of an API client's list, unless it asks for another size: most teams' segments fit in one.
const API_PAGE_SIZE = 100;

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, ListSegmentsQuerySchema);
    const page = await listSegments(getDb(), {
      teamId: team.id,
      after: query.cursor,
      limit: query.limit ?? API_PAGE_SIZE,
    });
    // Stored counts with the time they were taken (`countedAt`); `nextCursor` leads to the next page, null on the last.
    return Response.json({ data: page.rows, nextCursor: page.nextCursor });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "segments.write");
    const { name, filter } = await readJsonBody(request, CreateSegmentSchema);
    const segment =
      filter === undefined
        ? await createSegment(getDb(), { access, name })
        : await createFilterSegment(getDb(), { access, name, filter: parseFilter(filter) });
    return Response.json({ data: segment }, { status: 201 });
  });
}
