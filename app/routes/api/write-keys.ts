import type { Route } from "./+types/write-keys";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";
import { CreateWriteKeySchema } from "#shared/write-keys/schemas.ts";
import { createWriteKey, listWriteKeys } from "#server/write-keys/write-keys.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "api-keys.read");
    return Response.json({ data: await listWriteKeys(getDb(), { access }) });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "api-keys.manage");
    const { name, kind } = await readJsonBody(request, CreateWriteKeySchema);
    return Response.json({ data: await createWriteKey(getDb(), { access, name, kind }) }, { status: 201 });
  });
}
