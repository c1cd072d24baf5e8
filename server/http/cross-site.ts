import { AppError } from "#server/errors.ts";

// Methods that change nothing, so a cross-site request can do no harm with them.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A call to the JSON API that a browser signed in with the session cookie, and that may
 * change something, must come from Murmur's own pages and carry JSON. The cookie is
 * SameSite=Lax, which keeps it off cross-site POSTs, but not off those from another
 * origin of the same site (a sibling subdomain) nor from browsers without SameSite; an
 * HTML form or a simple fetch from elsewhere can send text/plain or form bodies, and
 * only application/json makes a cross-origin browser ask first (CORS preflight, which
 * Murmur never grants). Bearer tokens are not sent by browsers on their own, so calls
 * that carry one are not checked here.
 *
 * Same origin: the Origin header names this server (its host as the request reached
 * it, or APP_URL's origin); without Origin, Sec-Fetch-Site says `same-origin` or `none`
 * (typed or bookmarked). Otherwise 403; a body that is not JSON is a 415.
 */
export function requireSameOriginJson(request: Request, appUrl = process.env.APP_URL): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!isFromOwnPages(request, appUrl)) {
    throw new AppError(
      "FORBIDDEN",
      "Cross-origin request refused: a call signed in with the browser's session cookie must come from Murmur's own pages. API clients send Authorization: Bearer <token>.",
    );
  }
  if (!isJson(request.headers.get("Content-Type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON, with Content-Type: application/json.");
  }
}

function isFromOwnPages(request: Request, appUrl: string | undefined): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) {
    const site = request.headers.get("Sec-Fetch-Site");
    return site === "same-origin" || site === "none";
  }
  const from = parseUrl(origin);
  if (!from) return false;
  if (appUrl && from.origin === parseUrl(appUrl)?.origin) return true;
  // The host alone: behind a load balancer that ends TLS the request itself arrives as http://.
  return from.host === new URL(request.url).host;
}

function isJson(contentType: string | null): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? "");
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
