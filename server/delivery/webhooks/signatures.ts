import { createHmac, timingSafeEqual } from "node:crypto";

/** Compares two strings in constant time (for signatures and tokens). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1 with the auth token over the full URL
 * Twilio called followed by every POST parameter's name and value, sorted by name
 * (values of a repeated name sorted too), in base64.
 */
export function twilioSignature(authToken: string, url: string, params: [string, string][]): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  const payload = url + sorted.map(([name, value]) => name + value).join("");
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether the signature matches the URL as given, or with its default port written
 * out or left off: Twilio signs the URL exactly as it was configured, and proxies
 * differ in whether the port survives.
 */
export function isValidTwilioSignature(options: {
  authToken: string;
  url: string;
  params: [string, string][];
  signature: string | null;
}): boolean {
  if (!options.signature) return false;
  return urlVariants(options.url).some((url) =>
    sameSecret(twilioSignature(options.authToken, url, options.params), options.signature!),
  );
}

function urlVariants(raw: string): string[] {
  const url = new URL(raw);
  const variants = new Set([raw]);
  // URL drops a default port, so an empty port means "none written, or the default one".
  if (url.port === "") {
    const rest = `${url.pathname}${url.search}`;
    variants.add(`${url.protocol}//${url.hostname}${rest}`);
    variants.add(`${url.protocol}//${url.hostname}:${url.protocol === "https:" ? "443" : "80"}${rest}`);
  }
  return [...variants];
}

/** Meta's X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsAppSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

export function isValidWhatsAppSignature(appSecret: string, rawBody: Buffer, header: string | null): boolean {
  return header !== null && sameSecret(whatsAppSignature(appSecret, rawBody), header.trim().toLowerCase());
}
