import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, test } from "vitest";
import { normalizePhone } from "../../server/contacts/phone.ts";

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
    for (const raw of ["(212) 555-0123", "415.555.0123", "tel 020 7946 0123", "8 800 555 35 35", "011 44 20 7946 0123"]) {
      expect(parsePhoneNumberFromString(raw)).toBeUndefined();
      expect(normalizePhone(raw)).toBe(raw);
    }
  });
});
