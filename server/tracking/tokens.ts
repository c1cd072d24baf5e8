import { hash, timingSafeEqual } from "node:crypto";

/**
 * Tracking tokens: what the open pixel, click redirects and unsubscribe links carry.
 *
 * A token is base64url of `kind | delivery id (16 bytes) | ... | MAC`: an open token has
 * nothing more; a click token adds the link index (2 bytes) and its URL; an unsubscribe
 * token adds the team, the contact and the channel, so the link keeps working after
 * the campaign (and its ledger) is deleted.
 * MAC is HMAC-SHA256 over everything before it, cut to 16 bytes (128 bits: far beyond
 * guessing, and it keeps links short). The kind byte is inside the MAC, so an open token
 * cannot be replayed as an unsubscribe, nor a click token as another delivery's.
 *
 * A click token carries the link's URL itself, signed: the redirect goes only to a URL
 * that Murmur wrote into that very message, personalised links included, with no
 * per-recipient table of links to write while sending (see docs/decisions/013).
 */
export type TokenKind = "open" | "click" | "unsubscribe";

const KIND_BYTE: Record<TokenKind, number> = { open: 0x6f, click: 0x63, unsubscribe: 0x75 };
const MAC_BYTES = 16;
const ID_BYTES = 16;
/** Longer URLs are left untracked rather than producing links mail clients truncate. */
export const MAX_TRACKED_URL_BYTES = 2000;
const MAX_LINK_INDEX = 0xffff;

export type ClickTarget = { deliveryId: string; linkIndex: number; url: string };

// HMAC-SHA256 (RFC 2104) written out over two one-shot hashes, with the padded keys
// prepared once per key: Node's createHmac builds an OpenSSL context per call, which
// costs more than the hashing, and a 24-link newsletter signs 26 tokens per recipient.
const BLOCK = 64;
type PaddedKey = { inner: Buffer; outer: Buffer };
const paddedKeys = new WeakMap<Buffer, PaddedKey>();

function padded(key: Buffer): PaddedKey {
  const known = paddedKeys.get(key);
  if (known) return known;
  // A key longer than the block is hashed first, as RFC 2104 says.
  const block = Buffer.alloc(BLOCK);
  (key.length > BLOCK ? hash("sha256", key, "buffer") : key).copy(block);
  const pads = { inner: Buffer.alloc(BLOCK), outer: Buffer.alloc(BLOCK) };
  for (let i = 0; i < BLOCK; i += 1) {
    pads.inner[i] = block[i]! ^ 0x36;
    pads.outer[i] = block[i]! ^ 0x5c;
  }
  paddedKeys.set(key, pads);
  return pads;
}

function mac(key: Buffer, payload: Buffer): Buffer {
  const { inner, outer } = padded(key);
  const innerHash = hash("sha256", Buffer.concat([inner, payload]), "buffer");
  return hash("sha256", Buffer.concat([outer, innerHash]), "buffer").subarray(0, MAC_BYTES);
}

/** Each ASCII code's value as a hex digit, or -1. */
const HEX_DIGITS = Int8Array.from({ length: 128 }, (_, code) => {
  const digit = Number.parseInt(String.fromCharCode(code), 16);
  return Number.isNaN(digit) ? -1 : digit;
});

/**
 * The 16 bytes of a UUID written in hex, dashes anywhere. Read a character at a time:
 * three of these go into every email's tokens, and removing the dashes, testing a
 * pattern and decoding the hex cost more than the tokens' hashing.
 */
function uuidBytes(id: string): Buffer {
  const bytes = Buffer.allocUnsafe(ID_BYTES);
  let digits = 0;
  for (let i = 0; i < id.length; i += 1) {
    const code = id.charCodeAt(i);
    if (code === 0x2d) continue;
    const digit = code < 128 ? HEX_DIGITS[code]! : -1;
    if (digit < 0 || digits === 2 * ID_BYTES) throw new Error(`Not a UUID: ${id}`);
    if (digits % 2 === 0) bytes[digits / 2] = digit << 4;
    else bytes[(digits - 1) / 2]! |= digit;
    digits += 1;
  }
  if (digits !== 2 * ID_BYTES) throw new Error(`Not a UUID: ${id}`);
  return bytes;
}

function uuidString(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function seal(key: Buffer, payload: Buffer): string {
  return Buffer.concat([payload, mac(key, payload)]).toString("base64url");
}

/** The payload of a token whose MAC is right for this kind, or null (tampered, forged, truncated, other kind). */
function open(key: Buffer, token: string, kind: TokenKind): Buffer | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length < 1 + ID_BYTES + MAC_BYTES || bytes[0] !== KIND_BYTE[kind]) return null;
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(bytes.length - MAC_BYTES);
  // Constant-time: how much of a forged MAC matches must not show in the response time.
  return timingSafeEqual(given, mac(key, payload)) ? payload : null;
}

/** A token for the open pixel of one delivery. */
export function signOpenToken(key: Buffer, deliveryId: string): string {
  return seal(key, Buffer.concat([Buffer.of(KIND_BYTE.open), uuidBytes(deliveryId)]));
}

/** The delivery id of a valid open token, or null. */
export function readOpenToken(key: Buffer, token: string): string | null {
  const payload = open(key, token, "open");
  if (!payload || payload.length !== 1 + ID_BYTES) return null;
  return uuidString(payload.subarray(1));
}

export type UnsubscribeTarget = { deliveryId: string; teamId: string; contactId: string; channel: Channel };
export type Channel = "EMAIL" | "SMS" | "WHATSAPP";
const CHANNELS: readonly Channel[] = ["EMAIL", "SMS", "WHATSAPP"];

/** A token for the unsubscribe link and List-Unsubscribe header of one delivery. */
export function signUnsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  return seal(
    key,
    Buffer.concat([
      Buffer.of(KIND_BYTE.unsubscribe),
      uuidBytes(target.deliveryId),
      uuidBytes(target.teamId),
      uuidBytes(target.contactId),
      Buffer.of(CHANNELS.indexOf(target.channel)),
    ]),
  );
}

/** Who a valid unsubscribe token is for, or null. */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const payload = open(key, token, "unsubscribe");
  if (!payload || payload.length !== 1 + 3 * ID_BYTES + 1) return null;
  const channel = CHANNELS[payload[1 + 3 * ID_BYTES]!];
  if (!channel) return null;
  return {
    deliveryId: uuidString(payload.subarray(1, 1 + ID_BYTES)),
    teamId: uuidString(payload.subarray(1 + ID_BYTES, 1 + 2 * ID_BYTES)),
    contactId: uuidString(payload.subarray(1 + 2 * ID_BYTES, 1 + 3 * ID_BYTES)),
    channel,
  };
}

/** Whether a URL can be carried by a click token (else the link is left as it is). */
export function isTrackableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && Buffer.byteLength(url) <= MAX_TRACKED_URL_BYTES;
}

/** A token for following link `linkIndex` (whose URL is `url`) of one delivery's message. */
export function signClickToken(key: Buffer, target: ClickTarget): string {
  return signClickTokens(key, target.deliveryId, [target.url], target.linkIndex)[0]!;
}

/**
 * Tokens for all the links of one delivery's message, link index `firstIndex + i`
 * for `urls[i]`: the delivery id is read once for them all.
 */
export function signClickTokens(key: Buffer, deliveryId: string, urls: readonly string[], firstIndex = 0): string[] {
  const delivery = uuidBytes(deliveryId);
  return urls.map((url, i) => {
    const linkIndex = firstIndex + i;
    if (!Number.isInteger(linkIndex) || linkIndex < 0 || linkIndex > MAX_LINK_INDEX) {
      throw new Error(`Link index out of range: ${linkIndex}`);
    }
    const payload = Buffer.allocUnsafe(1 + ID_BYTES + 2 + Buffer.byteLength(url, "utf8"));
    payload[0] = KIND_BYTE.click;
    delivery.copy(payload, 1);
    payload.writeUInt16BE(linkIndex, 1 + ID_BYTES);
    payload.write(url, 1 + ID_BYTES + 2, "utf8");
    return seal(key, payload);
  });
}

/** What a valid click token points at, or null for anything Murmur did not sign as a click. */
export function readClickToken(key: Buffer, token: string): ClickTarget | null {
  const payload = open(key, token, "click");
  if (!payload || payload.length <= 1 + ID_BYTES + 2) return null;
  const url = payload.subarray(1 + ID_BYTES + 2).toString("utf8");
  // Signed by us, so already http(s); checked again so a leaked key alone cannot redirect to javascript: or data:.
  if (!isTrackableUrl(url)) return null;
  return {
    deliveryId: uuidString(payload.subarray(1, 1 + ID_BYTES)),
    linkIndex: payload.readUInt16BE(1 + ID_BYTES),
    url,
  };
}
