import { createContext } from "react-router";
import type { SessionUser } from "#server/auth/sessions.ts";

/**
 * Facts about the HTTP client that the Fetch Request does not carry. `joinTrace` names
 * the trace this request continues (an import's later chunk continues the trace of the
 * request that opened it), for the request's log line; absent where nothing logs it.
 */
export type ClientInfo = { ip: string | null; requestId: string; joinTrace?: (traceId: string) => void };

export const clientContext = createContext<ClientInfo>({ ip: null, requestId: "none" });

/**
 * This response's Content-Security-Policy nonce (server/http/security-headers.ts):
 * the server renderer gives it to every inline script it writes. Empty when no
 * policy was set, as in tests that call a route directly.
 */
export const cspNonceContext = createContext<string>("");

/** Set by the dashboard's middleware once the session is checked. */
export const sessionContext = createContext<SessionUser>();

/** Who is asking, as the auth domain records it: address and browser. */
export function clientOf(request: Request, context: { get: (key: typeof clientContext) => ClientInfo }) {
  return { ip: context.get(clientContext).ip, userAgent: request.headers.get("User-Agent") };
}
