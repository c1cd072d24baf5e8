import type { Route } from "./+types/contact";
import { getDb } from "#db/database.ts";
import { accessOf } from "#app/http/access.ts";
import { requireApiUser } from "#app/http/session.ts";
import { handleApi, methodNotAllowed } from "#server/http/api.ts";
import { eraseContact } from "#server/privacy/erase-contact.ts";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** `DELETE /api/contacts/{id}`: erases the contact at their request (server/privacy/erase-contact.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  return handleApi(async () => {
    const access = accessOf(await requireApiUser(request));
    await eraseContact(getDb(), { access, contactId: params.id });
    return new Response(null, { status: 204 });
  });
}
