import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** What the headers depend on besides the request: the deployment, read once at start. */
export type SecurityHeaderSettings = {
  /** The public address; HSTS is sent only when it is https, and plain-http images are allowed only when it is not. */
  appUrl: string | undefined;
  /** `npm run dev`: Vite's hot reload talks to the page over a WebSocket of its own. */
  development: boolean;
};

/**
 * Paths whose URL is itself a secret: the signed open pixel and tracked links (/t/),
 * and unsubscribe pages (/u/). Their token must never reach another site as a
 * Referer: not the destination of a link, not an image host.
 * - /t/ answers are an image or a redirect: `no-referrer`, so the redirect's
 *   destination does not even learn that the reader came through Murmur.
 * - /u/ is a page with a form: `same-origin`. Under `no-referrer` the browser sends
 *   `Origin: null` with the form's POST, which React Router refuses as a cross-site
 *   action, so the unsubscribe button would stop working without JavaScript. Same
 *   origin only means Murmur itself sees the URL it issued.
 */
function referrerPolicyFor(path: string): string {
  if (path.startsWith("/t/")) return "no-referrer";
  if (path.startsWith("/u/")) return "same-origin";
  return "strict-origin-when-cross-origin";
}

/** A fresh CSP nonce: 128 random bits, base64, different on every response. */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a response whose inline scripts carry `nonce`.
 *
 * Invariants: no script runs unless it comes from Murmur's origin or carries this
 * response's nonce (no 'unsafe-inline', no 'unsafe-eval' for scripts); no page can be
 * framed by another site; plugins, `<base href>` elsewhere and form posts to other
 * origins are refused.
 */
export function buildContentSecurityPolicy(nonce: string, settings: SecurityHeaderSettings): string {
  const https = isHttps(settings.appUrl);
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // 'unsafe-inline' for styles, knowingly: Sonner inserts its stylesheet as a <style>
    // element at run time, so do Radix dialogs (react-remove-scroll's scroll lock); pages
    // are rendered with style attributes (the theme's color-scheme, progress bars); and
    // the email previews are srcdoc frames, which inherit this policy, holding the
    // author's email HTML, whose styles are inline by the nature of email. Styles run no
    // code; and a nonce here would make browsers ignore 'unsafe-inline' and break all that.
    "style-src 'self' 'unsafe-inline'",
    // Email previews show the images an author put in the message, from any host.
    // Over https, browsers upgrade http:// images before this check, so https: suffices.
    `img-src 'self' data: https:${https ? "" : " http:"}`,
    // Vite's hot reload connects to its own WebSocket port in development only.
    `connect-src 'self'${settings.development ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Every form of the app posts to its own routes; no provider callback posts through the browser.
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/**
 * Every security header of one response, for a request to `path`.
 * Strict-Transport-Security appears only when the public address is https: over
 * plain http it would be ignored at best, and it cannot be taken back from browsers
 * that saw it for a year.
 */
export function buildSecurityHeaders(
  path: string,
  nonce: string,
  settings: SecurityHeaderSettings,
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": buildContentSecurityPolicy(nonce, settings),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": referrerPolicyFor(path),
  };
  if (isHttps(settings.appUrl)) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

function isHttps(appUrl: string | undefined): boolean {
  return (appUrl ?? "").startsWith("https://");
}

/**
 * Express middleware: sets the security headers on every response, pages, API,
 * health checks and public files alike, and leaves the response's nonce in
 * `res.locals.cspNonce` for the server renderer. Applied twice (in front of the
 * public files and again by the app), it keeps the first nonce.
 */
export function securityHeaders(settings: SecurityHeaderSettings) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (typeof res.locals.cspNonce === "string") return next();
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.set(buildSecurityHeaders(req.path, nonce, settings));
    next();
  };
}
