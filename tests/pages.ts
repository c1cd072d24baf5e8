import { middleware as dashboardMiddleware } from "../app/routes/dashboard/layout.tsx";
import { createSignedInUser } from "./factories.ts";
import { cookieHeaderFrom, getRequest, ORIGIN, respond, routeArgs, sessionCookieHeader } from "./requests.ts";
import { readFlashToasts } from "../server/http/toast.ts";

// Dashboard pages called the way the router serves them: the session middleware
// first, then the loader or action, a thrown `data(…)` answered as its response.

type Handler = (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown;

export async function servePage(handler: Handler, request: Request, params: { id: string } = { id: "" }) {
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

/** A form post as a browser sends it; repeated names are given as lists. */
export function formPost(path: string, fields: Record<string, string | string[]>, headers: HeadersInit) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(ORIGIN + path, { method: "POST", headers, body });
}

/** A user with a session, and the Cookie header their browser would send. */
export async function signedInBrowser() {
  const user = await createSignedInUser();
  return { ...user, cookie: { Cookie: await sessionCookieHeader(user.token) } };
}

/** The toasts a redirect carries in its flash cookie. */
export function flashOf(response: Response, path = "/dashboard") {
  return readFlashToasts(getRequest(path, { Cookie: cookieHeaderFrom(response) }));
}
