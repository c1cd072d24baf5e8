import type { Route } from "./+types/contacts-import";
import { getDb } from "#db/database.ts";
import { MAX_CHUNK_BODY_BYTES } from "#server/contacts/import.ts";
import { receiveImportChunk } from "#server/contacts/receive-import.ts";
import { ImportChunkSchema } from "#server/contacts/schemas.ts";
import { handleApi, methodNotAllowed, readMeasuredJsonBody } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { requireAccess } from "#app/http/access.ts";
import { clientContext } from "#app/http/context.ts";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const access = requireAccess(await requireApiUser(request), "imports.write");
    const { body, bytes } = await readMeasuredJsonBody(request, ImportChunkSchema, { maxBytes: MAX_CHUNK_BODY_BYTES });
    const client = context.get(clientContext);
    const { traceId, ...answer } = await receiveImportChunk(getDb(), {
      access,
      input: body,
      bytes,
      traceId: client.requestId,
    });
    // A later chunk's request line carries the import's trace id, that of the request that opened it.
    if (traceId) client.joinTrace?.(traceId);
    return Response.json(answer);
  });
}
