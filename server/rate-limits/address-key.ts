import { isIPv4, isIPv6 } from "node:net";

/**
 * What a per-address limit counts a client's address as: an IPv4 address whole (an
 * IPv4 address written as IPv6, `::ffff:203.0.113.7`, as the IPv4 one), and an IPv6
 * address by its /64 (`2001:db8:1:2::/64`). An IPv6 network is routed to a customer
 * as a /64 or more, whose hosts pick any address in it, so a limit per whole address
 * could be passed by changing address every few requests. No address at all is
 * "unknown", one key for all of them.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  // A zone (fe80::1%eth0) names an interface of this machine, not a network.
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  return `${groupsOf(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower case and without leading zeros. */
function groupsOf(address: string): string[] {
  const [head, tail] = address.toLowerCase().split("::") as [string, string | undefined];
  const part = (text: string | undefined) => (text ? text.split(":") : []);
  // A trailing IPv4 form (64:ff9b::192.0.2.1) is two groups.
  const withoutDots = (groups: string[]) =>
    groups.flatMap((group) => {
      if (!group.includes(".")) return [group];
      const [a, b, c, d] = group.split(".").map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const first = withoutDots(part(head));
  const last = withoutDots(part(tail));
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - first.length - last.length }, () => "0");
  return [...first, ...zeros, ...last].map((group) => Number.parseInt(group, 16).toString(16));
}
