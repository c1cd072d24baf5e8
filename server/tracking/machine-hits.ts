import { isIP } from "node:net";
import { isbot } from "isbot";

/**
 * Whether an open or a click came from a machine rather than a person. Each rule
 * names its reason, stored with the event; docs/decisions/013 explains them.
 */

/** Hits this soon after sending are scanners and prefetchers: nobody reads that fast. */
export const INSTANT_AFTER_SEND_MS = 2_000;
/** This many different links of one message followed within INSTANT_AFTER_SEND_MS is a link scanner. */
export const PREFETCH_LINK_COUNT = 3;

export type Hit = {
  userAgent: string | null;
  ip: string | null;
  at: Date;
  /** When the message was handed to the provider. */
  sentAt: Date | null;
};

export type MachineReason =
  | "apple-mail-privacy"
  | "bot-user-agent"
  | "no-user-agent"
  | "instant-after-send"
  | "head-request"
  | "all-links-at-once";

// Proxies that fetch a message's images when the reader opens it (and cache them),
// not on arrival: isbot calls them bots, but their fetch is a person opening the mail.
const READER_PROXY = /GoogleImageProxy|YahooMailProxy/i;

export function machineOpenReason(hit: Hit): MachineReason | null {
  const userAgent = hit.userAgent?.trim() ?? "";
  // Apple Mail Privacy Protection fetches every image on arrival, through Apple's
  // own network, with a bare "Mozilla/5.0": it says nothing about reading.
  if (userAgent === "Mozilla/5.0" || isAppleNetwork(hit.ip)) return "apple-mail-privacy";
  if (isInstant(hit)) return "instant-after-send";
  if (READER_PROXY.test(userAgent)) return null;
  if (!userAgent) return "no-user-agent";
  if (isbot(userAgent)) return "bot-user-agent";
  return null;
}

export function machineClickReason(
  hit: Hit & { method: string; otherLinksJustFollowed: number },
): MachineReason | null {
  // Browsers follow a link with GET; link checkers ask with HEAD first.
  if (hit.method === "HEAD") return "head-request";
  const userAgent = hit.userAgent?.trim() ?? "";
  if (!userAgent) return "no-user-agent";
  if (isbot(userAgent)) return "bot-user-agent";
  if (isInstant(hit)) return "instant-after-send";
  if (hit.otherLinksJustFollowed + 1 >= PREFETCH_LINK_COUNT) return "all-links-at-once";
  return null;
}

function isInstant(hit: Hit): boolean {
  if (!hit.sentAt) return false;
  const elapsed = hit.at.getTime() - hit.sentAt.getTime();
  return elapsed >= 0 && elapsed < INSTANT_AFTER_SEND_MS;
}

/** Apple's own 17.0.0.0/8, where Mail Privacy Protection's image fetches come from. */
export function isAppleNetwork(ip: string | null): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return isIP(v4) === 4 && v4.split(".")[0] === "17";
}
