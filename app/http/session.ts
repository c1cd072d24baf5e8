import { redirect } from "react-router";
import { getDb } from "#db/database.ts";
import { findApiKeySession, isApiKey } from "#server/api-keys/key-sessions.ts";
import { findSession, lookUpSession, type SessionUser } from "#server/auth/sessions.ts";
import { AppError } from "#server/errors.ts";
import { sessionCookie } from "./cookies.ts";
import { requireSameOriginJson } from "#server/http/cross-site.ts";
import { flashToasts } from "./toast.ts";

type Credential = { token: string; from: "bearer" | "cookie" };

/** The token a request carries and how: `Authorization: Bearer` for API clients, else the session cookie. */
async function readCredential(request: Request): Promise<Credential | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], from: "bearer" } : null;
  }
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? { token: value, from: "cookie" } : null;
}

/** The token a request carries: `Authorization: Bearer` for API clients, else the session cookie. */
export async function readSessionToken(request: Request): Promise<string | null> {
  return (await readCredential(request))?.token ?? null;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await readSessionToken(request);
  return token ? findSession(getDb(), token) : null;
}

/** For pages: the signed-in user, or a redirect to /login that brings them back here. */
export async function requirePageUser(request: Request): Promise<SessionUser> {
  const token = await readSessionToken(request);
  const found = token ? await lookUpSession(getDb(), token) : { session: null };
  if (found.session) return found.session;
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  const headers = new Headers();
  // Removed from their last team: the login page says why they were signed out.
  if ("endedBecause" in found && found.endedBecause) {
    headers.append("Set-Cookie", await endSessionCookie());
    headers.append(
      "Set-Cookie",
      await flashToasts({ type: "info", title: "Signed out", description: found.endedBecause }),
    );
  }
  throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { headers });
}

/**
 * For the JSON API: the signed-in user or the API key (`Authorization: Bearer mak_…`,
 * answered in the same shape with the key's role), or a 401. A call signed in by the
 * browser's cookie that may change something must also come from Murmur's own pages
 * as JSON (403 or 415 otherwise; server/http/cross-site.ts).
 */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const credential = await readCredential(request);
  if (!credential) throw new AppError("UNAUTHENTICATED", "Authentication required: send a Bearer token.");
  if (credential.from === "cookie") requireSameOriginJson(request);
  if (credential.from === "bearer" && isApiKey(credential.token)) {
    const key = await findApiKeySession(getDb(), credential.token);
    if (!key) throw new AppError("UNAUTHENTICATED", "This API key is invalid or has been revoked.");
    return key;
  }
  const found = await lookUpSession(getDb(), credential.token);
  if (found.session) return found.session;
  const ended = "endedBecause" in found ? found.endedBecause : undefined;
  throw new AppError("UNAUTHENTICATED", ended ?? "Your session is invalid or has expired. Please sign in again.");
}

export function startSessionCookie(token: string, expiresAt: Date): Promise<string> {
  return sessionCookie.serialize(token, { expires: expiresAt });
}

export function endSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0 });
}

/**
 * Only same-site paths may be returned to after login, never another origin.
 * Browsers drop tabs and newlines inside URLs ("/\t/evil.example" becomes
 * "//evil.example"), so any control character or backslash disqualifies a value.
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || hasControlOrBackslash(value)) return fallback;
  const base = "http://murmur.invalid";
  const url = new URL(value, base);
  if (url.origin !== base) return fallback;
  return url.pathname + url.search + url.hash;
}

function hasControlOrBackslash(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}
