import type { Route } from "./+types/segment-erase-contacts";
import { getDb } from "#db/database.ts";
import { requireAccess } from "#app/http/access.ts";
import { clientContext } from "#app/http/context.ts";
import { requireApiUser } from "#app/http/session.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireId } from "#server/http/params.ts";
import { startSegmentErasure } from "#server/privacy/segment-erasures.ts";
import { EraseSegmentContactsSchema } from "#shared/segments/schemas.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * `POST /api/segments/{id}/erase-contacts` `{ confirm: "<segment name>" }`: starts
 * erasing the segment's contacts on the worker; 202 with the erasure to follow at
 * `GET /api/segment-erasures/{id}`.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "contacts.erase-segment");
    const segmentId = requireId(params.id, "Segment not found.");
    const { confirm } = await readJsonBody(request, EraseSegmentContactsSchema);
    const traceId = context.get(clientContext).requestId;
    const erasure = await startSegmentErasure(getDb(), { access, segmentId, confirm, traceId });
    return Response.json({ data: erasure }, { status: 202 });
  });
}
