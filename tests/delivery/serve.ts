import { middleware as dashboardMiddleware } from "../../app/routes/dashboard/layout.tsx";
import { createSignedInUser } from "../factories.ts";
import { respond, routeArgs, sessionCookieHeader } from "../requests.ts";

type Handler = (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown;

/** A request as the router serves it: the dashboard middleware first, thrown `data(…)` as its response. */
export async function serve(handler: Handler, request: Request, id: string) {
  const args = routeArgs(request, { params: { id } });
  const [requireUser] = dashboardMiddleware;
  return respond(() =>
    requireUser!(args, async () => {
      try {
        return await respond(() => handler(args));
      } catch (thrown) {
        const data = thrown as { type?: string; data: unknown; init: ResponseInit | null };
        if (data?.type === "DataWithResponseInit") return Response.json(data.data, data.init ?? undefined);
        throw thrown;
      }
    }),
  );
}

export async function signedIn() {
  const user = await createSignedInUser();
  return { ...user, cookie: { Cookie: await sessionCookieHeader(user.token) } };
}

