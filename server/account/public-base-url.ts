/**
 * The origin links in account mails point to: APP_URL when the operator set it (behind
 * a proxy the request's own host may be internal), else the origin the request came to.
 */
export function publicBaseUrl(request: Request | null, appUrl = process.env.APP_URL): string {
  if (appUrl) return appUrl;
  if (request) return new URL(request.url).origin;
  return `http://localhost:${process.env.PORT ?? 3000}`;
}
