import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, test } from "vitest";
import { isValidAsParsed, parsesToItself } from "#shared/contacts/numbering-plans.ts";
import { normalizePhone } from "#shared/contacts/phone.ts";

// What normalizePhone promises, with no shortcut: the parser's E.164 for a valid number, the input otherwise.
// server/contacts/numbering-plans.ts repeats the parser's own steps over undocumented
// parts of libphonenumber-js's Metadata; these comparisons are what pins that.
const ON_UPGRADE =
  "libphonenumber-js: server/contacts/numbering-plans.ts no longer answers as this release's parser does. Re-check its steps (calling code, national prefix for parsing, country by leading digits or number types, validity) against the parser's source, then pin the new version exactly in package.json";

function parsedOrAsGiven(value: string): string {
  const parsed = parsePhoneNumberFromString(value);
  return parsed?.isValid() ? parsed.number : value;
}

// The same for what a person types: trimmed, "00" read as "+", and kept as typed unless valid.
function parsedOrAsTyped(raw: string): string {
  const value = raw.trim();
  const parsed = parsePhoneNumberFromString(value.startsWith("00") ? `+${value.slice(2)}` : value);
  return parsed?.isValid() ? parsed.number : value;
}

/**
 * "+", calling code and digits for every country, each with its calling code: the
 * country's example mobile number, with the trunk prefixes people type after a
 * calling code, and every leading digit and length after the calling code, valid or not.
 */
function numbersOfEveryCountry(): Map<string, string> {
  const numbers = new Map<string, string>();
  for (const country of getCountries()) {
    const code = getCountryCallingCode(country);
    const example = examples[country];
    if (example) {
      for (const trunk of ["", "0", "1", "8", "9", "00", "06", "15"]) numbers.set(`+${code}${trunk}${example}`, code);
    }
    for (let first = 0; first <= 9; first++) {
      for (let length = 7 - code.length; length <= 15 - code.length; length++) {
        numbers.set(`+${code}${first}${"4235896017".repeat(2).slice(0, length - 1)}`, code);
      }
    }
  }
  return numbers;
}

/** The ways a number is typed in a spreadsheet, from "+1 415 555 0123" to "0044 (20) 7946-0123". */
function typedForms(e164: string, code: string): string[] {
  const rest = e164.slice(1 + code.length);
  const groups = (size: number, separator: string) => rest.match(new RegExp(`.{1,${size}}`, "g"))!.join(separator);
  return [
    `+${code} ${rest}`,
    `+${code} ${groups(3, " ")}`,
    `+${code} ${rest.slice(0, 2)} ${groups(4, " ").slice(2)}`,
    `+${code}-${groups(3, "-")}`,
    `+${code}.${groups(2, ".")}`,
    `+${code} (${rest.slice(0, 3)}) ${rest.slice(3, 6)}-${rest.slice(6)}`,
    `+(${code}) ${rest}`,
    `+${code}/${rest}`,
    `00${code} ${groups(3, " ")}`,
    `00 ${code} ${rest}`,
    ` +${code} ${rest} `,
    `+${code} ${rest} -`,
  ];
}

describe("normalizePhone", () => {
  test("international numbers become E.164; others are kept as typed", () => {
    expect(normalizePhone(" +1 415 555 0123 ")).toBe("+14155550123");
    expect(normalizePhone("0044 20 7946 0123")).toBe("+442079460123");
    expect(normalizePhone("(212) 555-0123")).toBe("(212) 555-0123");
    expect(normalizePhone("+1 000")).toBe("+1 000");
    expect(normalizePhone("   ")).toBeNull();
  });

  // The shortcut for numbers without a plus sign must give what the parser gives.
  test("a number with no plus sign is one the parser cannot read either", () => {
    for (const raw of [
      "(212) 555-0123",
      "415.555.0123",
      "tel 020 7946 0123",
      "8 800 555 35 35",
      "011 44 20 7946 0123",
    ]) {
      expect(parsePhoneNumberFromString(raw)).toBeUndefined();
      expect(normalizePhone(raw)).toBe(raw);
    }
  });

  test("a number typed in E.164 form with its trunk prefix is still put right", () => {
    expect(normalizePhone("+4402079460123")).toBe("+442079460123");
    expect(normalizePhone("+330612345678")).toBe("+33612345678");
    expect(normalizePhone("+610412345678")).toBe("+61412345678");
    expect(normalizePhone("+112125550123")).toBe("+12125550123");
    expect(normalizePhone("+14155550123")).toBe("+14155550123");
  });

  // The shortcut for "+" and digits (what the browser import sends) must give what the parser gives.
  test("a number already in E.164 form comes out as the parser would have it, in every country", () => {
    const numbers = new Set(numbersOfEveryCountry().keys());
    // The benchmark's phones as the browser sends them.
    for (let i = 0; i < 2000; i++) {
      const n = String(1_000_000 + i * 4_513).padStart(7, "0");
      numbers
        .add(`+1415${n}`)
        .add(`+44207946${n.slice(3)}`)
        .add(`+4930${n}`);
    }
    const differing = [...numbers].filter(
      (value) => /^\+[1-9]\d{7,14}$/.test(value) && normalizePhone(value) !== parsedOrAsGiven(value),
    );
    expect(differing, ON_UPGRADE).toEqual([]);
    expect(numbers.size).toBeGreaterThan(20_000);
  });

  // The shortcut for spaced numbers must give what the parser gives: its E.164 when
  // the number is valid, the text as typed when not.
  test("a number typed with spaces, dashes, dots or brackets comes out as the parser would have it, in every country", () => {
    const typed: string[] = [];
    for (const [e164, code] of numbersOfEveryCountry()) typed.push(...typedForms(e164, code));
    for (let i = 0; i < 2000; i++) {
      const n = String(1_000_000 + i * 4_513).padStart(7, "0");
      typed.push(`+1 415 55${n.slice(0, 1)} ${n.slice(1, 5)}`, `+44 20 7946 ${n.slice(3, 7)}`, `0049 30 ${n}`);
    }
    const differing = typed.filter((value) => normalizePhone(value) !== parsedOrAsTyped(value));
    expect(differing, ON_UPGRADE).toEqual([]);
    expect(typed.length).toBeGreaterThan(200_000);
  });

  // The shortcut's validity is the parser's, also where several countries share a calling code.
  test("a number's validity is the parser's, in every country", () => {
    const differing = [...numbersOfEveryCountry().keys()].filter(
      (value) =>
        /^\+[1-9]\d{7,14}$/.test(value) &&
        parsesToItself(value) &&
        isValidAsParsed(value) !== Boolean(parsePhoneNumberFromString(value)?.isValid()),
    );
    expect(differing, ON_UPGRADE).toEqual([]);
  });
});
