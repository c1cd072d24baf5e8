/**
 * Addresses that can never reach a real person: the domains RFC 2606 reserves for
 * documentation (example.com, example.org, example.net and their subdomains) and the
 * telephone numbers set aside for fiction: +1 NXX 555-0100 to 555-0199 (North American
 * Numbering Plan) and +44 7700 900000 to 900999 (Ofcom's drama range). Demo teams send
 * only to these.
 */
const RESERVED_DOMAINS = ["example.com", "example.org", "example.net"];
const FICTIONAL_NANP = /^\+1[2-9]\d{2}55501\d{2}$/;
const FICTIONAL_UK_MOBILE = /^\+447700900\d{3}$/;

/** True when an email address's domain is one RFC 2606 reserves (or a subdomain of one). */
export function isReservedEmail(address: string): boolean {
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return RESERVED_DOMAINS.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`));
}

/** True when an E.164 number is in a range reserved for fiction. */
export function isFictionalPhone(number: string): boolean {
  const e164 = number.replace(/[\s()-]/g, "");
  return FICTIONAL_NANP.test(e164) || FICTIONAL_UK_MOBILE.test(e164);
}

/** True when a message to `address` on `channel` cannot reach a real person. */
export function isReservedAddress(channel: "EMAIL" | "SMS" | "WHATSAPP", address: string): boolean {
  return channel === "EMAIL" ? isReservedEmail(address) : isFictionalPhone(address);
}
