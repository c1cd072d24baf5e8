/**
 * The URL a provider called, as it sees it: behind a proxy the request reaches
 * Murmur with another scheme or host, so APP_URL (the public address) replaces
 * the origin when it is set. Providers sign this URL.
 */
export function publicRequestUrl(request: Request, appUrl = process.env.APP_URL): string {
  const url = new URL(request.url);
  if (!appUrl) return url.href;
  const base = new URL(appUrl);
  const prefix = base.pathname.replace(/\/+$/, "");
  return `${base.origin}${prefix}${url.pathname}${url.search}`;
}

/** Murmur's address for webhooks shown in Settings: APP_URL, else the origin the page was asked on. */
export function publicBaseUrl(request: Request, appUrl = process.env.APP_URL): string {
  return (appUrl ?? new URL(request.url).origin).replace(/\/+$/, "");
}
