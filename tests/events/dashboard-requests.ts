import { middleware as dashboardMiddleware } from "../../app/routes/dashboard/layout.tsx";
import { createSignedInUser } from "../factories.ts";
import { respond, routeArgs, sessionCookieHeader } from "../requests.ts";

type Handler = (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown;

/**
 * A request to a dashboard route as the router serves it: the dashboard's
 * middleware checks the session, then the loader or action runs. A thrown
 * `data(…, { status })` becomes that response, as the router makes it.
 */
export async function serve(handler: Handler, request: Request, params: { id: string } = { id: "" }) {
  const args = routeArgs(request, { params });
  const [requireUser] = dashboardMiddleware;
  return respond(() =>
    requireUser!(args, async () => {
      try {
        return await respond(() => handler(args));
      } catch (thrown) {
        if (isThrownData(thrown)) return Response.json(thrown.data, thrown.init ?? undefined);
        throw thrown;
      }
    }),
  );
}

function isThrownData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A signed-in user and the Cookie header their browser sends. */
export async function signedIn() {
  const user = await createSignedInUser();
  return { ...user, cookie: { Cookie: await sessionCookieHeader(user.token) } };
}
