import type { Route } from "./+types/write-keys";
import { getDb } from "#db/database.ts";
import { handleApi, methodNotAllowed, readJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { CreateWriteKeySchema } from "#shared/write-keys/schemas.ts";
import { createWriteKey, listWriteKeys } from "#server/write-keys/write-keys.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    return Response.json({ data: await listWriteKeys(getDb(), { teamId: team.id }) });
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const { name, kind } = await readJsonBody(request, CreateWriteKeySchema);
    return Response.json({ data: await createWriteKey(getDb(), { teamId: team.id, name, kind }) }, { status: 201 });
  });
}
