import { data, RouterContextProvider } from "react-router";
import { middleware as dashboardMiddleware } from "#app/routes/dashboard/layout.tsx";
import { clientContext } from "#app/http/context.ts";
import { uniqueIp } from "./requests.ts";

// The one way tests serve a route in-process: a Fetch Request and a
// RouterContextProvider carrying the client's address, as app/http/app.ts sets
// it, and the loader's or action's result turned into what the client receives.
// Only React Router's public API is used, so an upgrade cannot break it silently.

/** What `data(value, init)` returns, named through the public function rather than the router's internal class. */
type DataWithInit = ReturnType<typeof data<unknown>>;

// React Router exports no guard for a `data()` result and recognises one by a
// private type tag. The class of a value made by the public `data()` names it
// without that tag; should routes and tests ever load two copies of the router,
// every status below fails loudly rather than passing by accident.
const DataWithInitClass = data(null).constructor as new (...args: never[]) => DataWithInit;

function isDataWithInit(value: unknown): value is DataWithInit {
  return value instanceof DataWithInitClass;
}

function toResponse(value: DataWithInit): Response {
  return Response.json(value.data, value.init ?? undefined);
}

/** The arguments React Router hands a loader, action or middleware for this request. */
export function routeArgs<Params extends Record<string, string> = Record<never, string>>(
  request: Request,
  options: { ip?: string; params?: Params; requestId?: string } = {},
) {
  const context = new RouterContextProvider();
  context.set(clientContext, { ip: options.ip ?? uniqueIp(), requestId: options.requestId ?? "test" });
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: options.params ?? ({} as Params), context };
}

/**
 * What the client receives from a loader or action: a returned or thrown Response
 * as is, `data(value, init)` and plain values as JSON with their status and headers.
 */
export async function respond(run: () => unknown): Promise<Response> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return toResponse(result);
  return Response.json(result);
}

type DashboardHandler = (args: ReturnType<typeof routeArgs<{ id: string }>>) => unknown;

/**
 * A dashboard loader or action served as the router serves it: the dashboard
 * layout's middleware checks the session first (a visitor without one is sent to
 * sign in), then the handler runs; a thrown `data(…, { status })` becomes that response.
 */
export async function serveDashboard(
  handler: DashboardHandler,
  request: Request,
  params: { id: string } = { id: "" },
  options: { requestId?: string } = {},
) {
  const args = routeArgs(request, { params, requestId: options.requestId });
  const [requireUser] = dashboardMiddleware;
  return respond(() =>
    requireUser!(args, async () => {
      try {
        return await respond(() => handler(args));
      } catch (thrown) {
        if (isDataWithInit(thrown)) return toResponse(thrown);
        throw thrown;
      }
    }),
  );
}
