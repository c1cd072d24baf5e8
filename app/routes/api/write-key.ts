import type { Route } from "./+types/write-key";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { requireId } from "#server/http/params.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";
import { revokeWriteKey } from "#server/write-keys/write-keys.ts";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE revokes the key: it stays listed, marked revoked, and the tracking API refuses it. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "api-keys.manage");
    const keyId = requireId(params.id, "API key not found.");
    return Response.json({ data: await revokeWriteKey(getDb(), { access, keyId }) });
  });
}
