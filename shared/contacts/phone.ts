import { parsePhoneNumberFromString } from "libphonenumber-js";
import { isValidAsParsed, parsesToItself } from "./numbering-plans.ts";

const E164 = /^\+[1-9]\d{7,14}$/;
// "+" then digits with the spacing people type: spaces, dashes, dots, slashes and
// brackets, all of them characters the parser drops. None of them can start an
// extension ("ext", "x", "#", "," or ";" do), and the parser reads such a value as
// exactly its digits after the "+".
const SPACED_INTERNATIONAL = /^\+[\d ()./-]{7,48}$/;

/**
 * E.164 when the number parses as valid (international form, or "00" prefix);
 * otherwise the number as given, trimmed, so nothing the user typed is lost.
 */
export function normalizePhone(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  // What the browser import sends (it normalises before upload): parsing a million
  // of these again would cost seconds of server time for nothing.
  if (E164.test(value) && parsesToItself(value)) return value;
  const international = value.startsWith("00") ? `+${value.slice(2)}` : value;
  // What the browser reads in a CSV ("+1 415 555 0123", "0044 20 7946 0123"): the
  // parse of its digits alone, without the parser's 5-15 µs a row.
  if (SPACED_INTERNATIONAL.test(international)) {
    const digits = `+${international.replace(/\D/g, "")}`;
    if (E164.test(digits) && parsesToItself(digits)) return isValidAsParsed(digits) ? digits : value;
  }
  // Without a plus sign there is no country to read the number in, so the parser
  // could only give up (after some 10 µs of work a row): kept as given.
  if (!international.includes("+") && !international.includes("\uFF0B")) return value;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : value;
}
