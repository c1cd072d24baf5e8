import type { Route } from "./+types/contacts";
import { requireAccess } from "#app/http/access.ts";
import { eraseContact } from "#server/privacy/erase-contact.ts";
import { getDb } from "#db/database.ts";
import { contactsPage } from "#server/contacts/list.ts";
import { EraseByEmailSchema, ListContactsQuerySchema } from "#server/contacts/schemas.ts";
import { handleApi, methodNotAllowed, parseQuery } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { team } = await requireApiUser(request);
    const query = parseQuery(request, ListContactsQuerySchema);
    const filter = { teamId: team.id, search: query.search, hasPhone: query.hasPhone };
    const page = await contactsPage(getDb(), { ...filter, after: query.cursor, limit: query.limit });
    // A searched or filtered total stops at 1,000: `totalIsExact` false says `total` is "1,000 or more"
    // (docs/decisions/012).
    return Response.json({
      data: page.contacts,
      nextCursor: page.nextCursor,
      total: page.total,
      totalCapped: page.capped,
      totalIsExact: !page.capped,
    });
  });
}

/** `DELETE /api/contacts?email=`: erases the team's contact with that email (any case), as DELETE /api/contacts/{id}. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  return handleApi(async () => {
    // The role first: a Viewer hears that it may not erase, not what is wrong with the email.
    const access = requireAccess(await requireApiUser(request), "contacts.write");
    const { email } = parseQuery(request, EraseByEmailSchema);
    await eraseContact(getDb(), { access, email });
    return new Response(null, { status: 204 });
  });
}
