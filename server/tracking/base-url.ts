/**
 * The address that recipients' mail clients reach Murmur at, for pixels, click
 * redirects and unsubscribe links: APP_URL when set (it must be, in production,
 * for mail to work outside this machine); otherwise this server's own port.
 */
export function trackingBaseUrl(env: Record<string, string | undefined> = process.env): string {
  if (env.APP_URL) return env.APP_URL.replace(/\/+$/, "");
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const shown = host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${env.PORT || "3000"}`;
}
