import { describe, expect, test } from "vitest";
import { addressKey } from "#server/rate-limits/address-key.ts";

describe("the address a per-address limit counts", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:198.51.100.1", "198.51.100.1"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:1:2:3::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["not an address", "not an address"],
    [null, "unknown"],
    ["", "unknown"],
  ])("%j counts as %j", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  test("every address of one IPv6 /64 is one key, and the next /64 another", () => {
    expect(addressKey("2001:db8:0:7:1::")).toBe(addressKey("2001:db8:0:7:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:db8:0:7::1")).not.toBe(addressKey("2001:db8:0:8::1"));
  });
});
