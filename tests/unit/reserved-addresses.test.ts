import { describe, expect, test } from "vitest";
import { isReservedAddress } from "#shared/demo/reserved-addresses.ts";

describe("isReservedAddress", () => {
  test.each([
    ["EMAIL", "ada@example.com", true],
    ["EMAIL", "ada@EXAMPLE.org", true],
    ["EMAIL", "visitor@demo.example.com", true],
    ["EMAIL", "ada@example.net.", true],
    ["EMAIL", "ada@notexample.com", false],
    ["EMAIL", "ada@example.com.evil.io", false],
    ["EMAIL", "example.com", false],
    ["SMS", "+12125550142", true],
    ["SMS", "+447700900123", true],
    ["SMS", "+12125550200", false],
    ["SMS", "+447700901123", false],
    ["WHATSAPP", "+14155552671", false],
  ] as const)("%s %s → %s", (channel, address, reserved) => {
    expect(isReservedAddress(channel, address)).toBe(reserved);
  });
});
