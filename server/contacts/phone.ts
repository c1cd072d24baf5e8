import { Metadata, parsePhoneNumberFromString } from "libphonenumber-js";

const E164 = /^\+[1-9]\d{7,14}$/;

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
  // Without a plus sign there is no country to read the number in, so the parser
  // could only give up (after some 10 µs of work a row): kept as given.
  if (!international.includes("+") && !international.includes("\uFF0B")) return value;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : value;
}

// The parts of libphonenumber-js's Metadata class that the parser itself reads
// (they exist at run time; its type declarations name fewer of them).
type NumberingPlans = {
  hasCallingCode(code: string): boolean;
  selectNumberingPlan(code: string): void;
  numberingPlan?: { nationalPrefixForParsing(): string | undefined };
};

const metadata = new Metadata() as unknown as NumberingPlans;
const nationalPrefixes = new Map<string, RegExp | null>();

/**
 * True when parsing `value` (already "+" and digits) would give `value` back, so
 * the parse can be skipped. The parser takes the calling code (the first one to
 * three digits that name one) and then changes the rest only by stripping a
 * national prefix or carrier code: the code's "national prefix for parsing"
 * pattern must match at the start of the rest for that. When it does not match,
 * the result is "+", the code and the same rest if the number is valid, and the
 * value as given if it is not: `value` either way. An unknown calling code, or a
 * rest that the pattern matches (a "+44 0 20..." typed with its trunk 0), goes
 * through the full parse. tests/unit/phone.test.ts checks this against the parser.
 */
function parsesToItself(value: string): boolean {
  for (let length = 1; length <= 3; length++) {
    const code = value.slice(1, 1 + length);
    if (!metadata.hasCallingCode(code)) continue;
    const prefix = nationalPrefixFor(code);
    return prefix === null || !prefix.test(value.slice(1 + length));
  }
  return false;
}

function nationalPrefixFor(code: string): RegExp | null {
  let prefix = nationalPrefixes.get(code);
  if (prefix === undefined) {
    metadata.selectNumberingPlan(code);
    const pattern = metadata.numberingPlan?.nationalPrefixForParsing();
    prefix = pattern ? new RegExp(`^(?:${pattern})`) : null;
    nationalPrefixes.set(code, prefix);
  }
  return prefix;
}
