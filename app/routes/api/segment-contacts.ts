import type { Route } from "./+types/segment-contacts";
import { getDb } from "#db/database.ts";
import { LinkContactsSchema, MAX_LINK_CONTACTS_BODY_BYTES } from "#shared/segments/schemas.ts";
import { addContactsToSegment } from "#server/segments/segments.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireId } from "#server/http/params.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "segments.write");
    const segmentId = requireId(params.id, "Segment not found.");
    const { contactIds } = await readJsonBody(request, LinkContactsSchema, { maxBytes: MAX_LINK_CONTACTS_BODY_BYTES });
    const result = await addContactsToSegment(getDb(), { access, segmentId, contactIds });
    return Response.json({ data: result });
  });
}
