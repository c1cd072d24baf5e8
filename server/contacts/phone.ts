import { parsePhoneNumberFromString } from "libphonenumber-js";

const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * E.164 when the number parses as valid (international form, or "00" prefix);
 * otherwise the number as given, trimmed, so nothing the user typed is lost.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  // Already E.164 (what the browser import sends): parsing a million of these would
  // cost seconds of server time for nothing.
  if (E164.test(value)) return value;
  const international = value.startsWith("00") ? `+${value.slice(2)}` : value;
  // Without a plus sign there is no country to read the number in, so the parser
  // could only give up (after some 10 µs of work a row): kept as given.
  if (!international.includes("+") && !international.includes("\uFF0B")) return value;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : value;
}
