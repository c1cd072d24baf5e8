import { randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { clientContext } from "../server/http/context.ts";
import { sessionCookie } from "../server/http/cookies.ts";

// Route modules are called the way React Router calls them: a Fetch Request and a
// RouterContextProvider carrying the client's address, as server/http/app.ts sets it.

export const ORIGIN = "http://murmur.test";

/** A fresh client address per test, so rate limits counted per IP never leak between tests. */
export function uniqueIp(): string {
  const hex = randomBytes(8).toString("hex").match(/.{4}/g)!;
  return `2001:db8:${hex.join(":")}`;
}

export function routeArgs<Params extends Record<string, string> = Record<never, string>>(
  request: Request,
  options: { ip?: string; params?: Params } = {},
) {
  const context = new RouterContextProvider();
  context.set(clientContext, { ip: options.ip ?? uniqueIp(), requestId: "test" });
  const url = new URL(request.url);
  return { request, url, pattern: url.pathname, params: options.params ?? ({} as Params), context };
}

export function jsonRequest(path: string, body: unknown, init: { method?: string; headers?: HeadersInit } = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return new Request(ORIGIN + path, {
    method: init.method ?? "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function formRequest(path: string, fields: Record<string, string>, headers?: HeadersInit): Request {
  return new Request(ORIGIN + path, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function getRequest(path: string, headers?: HeadersInit): Request {
  return new Request(ORIGIN + path, { headers });
}

export function bearer(token: string): HeadersInit {
  return { Authorization: `Bearer ${token}` };
}

/** The Cookie header a browser would send for this session token. */
export async function sessionCookieHeader(token: string): Promise<string> {
  return (await sessionCookie.serialize(token)).split(";")[0]!;
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

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
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

export type SetCookie = { name: string; value: string; attributes: string[] };

/** The cookies a response sets, by name, with their attributes as sent. */
export function setCookies(response: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    cookies.set(name, { name, value: pair.slice(at + 1), attributes });
  }
  return cookies;
}

/** The Cookie header a browser sends after receiving these Set-Cookie lines (cleared cookies dropped). */
export function cookieHeaderFrom(response: Response): string {
  return [...setCookies(response).values()]
    .filter((cookie) => cookie.value !== "" && !cookie.attributes.some((a) => /^max-age=0$/i.test(a)))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}
