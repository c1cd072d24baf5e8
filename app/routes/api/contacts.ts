import type { Route } from "./+types/contacts";
import { getDb } from "#db/database.ts";
import { contactsPage } from "#server/contacts/list.ts";
import { ListContactsQuerySchema } from "#server/contacts/schemas.ts";
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

export function action() {
  return methodNotAllowed(["GET"]);
}
