import type { Route } from "./+types/not-found";
import { handleApi } from "#server/http/api.ts";
import { requireApiUser } from "#app/http/session.ts";
import { log } from "#server/log.ts";

// Unknown API paths answer in the API's JSON envelope, not with the HTML 404 page.
// The token is checked first, as on every other API path, so a signed-out client
// learns nothing about which paths exist.
function notFound(request: Request) {
  return handleApi(async () => {
    await requireApiUser(request);
    const { pathname } = new URL(request.url);
    log.warn({ path: pathname, method: request.method }, "unknown API path");
    return Response.json({ message: `No API endpoint at ${request.method} ${pathname}.` }, { status: 404 });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return notFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return notFound(request);
}
