/**
 * How many SMS segments a text takes, as carriers count them. Pure code with no
 * imports: the campaign form runs it live in the browser and the server runs the
 * same module for previews and validation, so both always agree.
 *
 * GSM-7 (the SMS default alphabet) fits 160 characters in one message, 153 per part
 * once split (the rest carries the header that joins them); its extension characters
 * take two slots each, an escape and the character, and never straddle two parts.
 * Any character outside GSM-7 switches the whole text to UCS-2: 70 UTF-16 units in
 * one message, 67 per part, an emoji taking two units that stay in one part.
 */

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsCount = {
  encoding: SmsEncoding;
  /** Slots used: GSM-7 septets (extension characters count two) or UTF-16 units (most emoji count two). */
  characters: number;
  segments: number;
  /** Slots in each segment at this length: 160/70 for a single message, 153/67 once split. */
  perSegment: number;
  /** Slots still free in the last segment. */
  remaining: number;
};

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
};

export function countSms(text: string): SmsCount {
  const chars = Array.from(text);
  const encoding: SmsEncoding = chars.every((c) => basic.has(c) || extension.has(c)) ? "GSM-7" : "UCS-2";
  const widths = chars.map((c) => (encoding === "GSM-7" ? (extension.has(c) ? 2 : 1) : c.length));
  const characters = widths.reduce((sum, width) => sum + width, 0);
  const limits = LIMITS[encoding];
  if (characters === 0)
    return { encoding, characters, segments: 0, perSegment: limits.single, remaining: limits.single };
  if (characters <= limits.single) {
    return { encoding, characters, segments: 1, perSegment: limits.single, remaining: limits.single - characters };
  }
  // Split: fill parts in order, moving a two-slot character whole to the next part.
  let segments = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > limits.part) {
      segments += 1;
      used = 0;
    }
    used += width;
  }
  return { encoding, characters, segments, perSegment: limits.part, remaining: limits.part - used };
}

/** "42/160 characters · 1 segment · GSM-7", the counter's words. */
export function describeSmsCount(count: SmsCount): string {
  const segments = `${count.segments} ${count.segments === 1 ? "segment" : "segments"}`;
  const characters =
    count.segments > 1 ? `${count.characters} characters` : `${count.characters}/${count.perSegment} characters`;
  return `${characters} · ${segments} · ${count.encoding}`;
}

/** Longer texts are refused: a broadcast of more parts costs more than it is worth. */
export const MAX_SMS_SEGMENTS = 10;
