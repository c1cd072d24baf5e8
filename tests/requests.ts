import { randomBytes } from "node:crypto";
import { sessionCookie } from "#app/http/cookies.ts";
import { readFlashToasts } from "#app/http/toast.ts";

// Requests as clients send them and what a client reads back from a response;
// serving them to a route is tests/serve-route.ts's part.

export const ORIGIN = "http://murmur.test";

/** A fresh client address per test, so rate limits counted per IP never leak between tests. */
export function uniqueIp(): string {
  const hex = randomBytes(12).toString("hex").match(/.{4}/g)!;
  // Its own /64, as per-address limits count an IPv6 client's.
  return `2001:db8:${hex.join(":")}`;
}

/** Another address in the same IPv6 /64 as `ip` (one from uniqueIp). */
export function sameNetworkIp(ip: string): string {
  const hex = randomBytes(8).toString("hex").match(/.{4}/g)!;
  return `${ip.split(":").slice(0, 4).join(":")}:${hex.join(":")}`;
}

export function jsonRequest(
  path: string,
  body: unknown,
  init: { method?: string; headers?: HeadersInit } = {},
): Request {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return new Request(ORIGIN + path, {
    method: init.method ?? "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A form post as a browser sends it; repeated names (checkboxes, ticked rows) are given as lists. */
export function formRequest(path: string, fields: Record<string, string | string[]>, headers?: HeadersInit): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(ORIGIN + path, { method: "POST", headers, body });
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

/** The toasts a redirect carries in its flash cookie, as the next page would read them. */
export function flashOf(response: Response) {
  return readFlashToasts(getRequest("/dashboard", { Cookie: cookieHeaderFrom(response) }));
}
