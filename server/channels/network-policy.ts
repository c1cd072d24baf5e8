import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

// Which addresses a team's SMTP host may lead the server to. A team types a host
// name; without this, "localhost", "10.0.0.5" or a name resolving to the cloud
// metadata address would make Murmur connect inside the operator's own network.

type Range = { network: string; prefix: number; kind: string };

/** Checked before the ranges: these sit inside link-local or private ranges but deserve their own name. */
const METADATA_ADDRESSES = ["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"];

const IPV4_RANGES: Range[] = [
  { network: "0.0.0.0", prefix: 8, kind: "an unspecified address" },
  { network: "10.0.0.0", prefix: 8, kind: "a private address" },
  { network: "100.64.0.0", prefix: 10, kind: "a carrier-grade NAT address" },
  { network: "127.0.0.0", prefix: 8, kind: "a loopback address" },
  { network: "169.254.0.0", prefix: 16, kind: "a link-local address" },
  { network: "172.16.0.0", prefix: 12, kind: "a private address" },
  { network: "192.0.0.0", prefix: 24, kind: "a reserved address" },
  { network: "192.168.0.0", prefix: 16, kind: "a private address" },
  { network: "198.18.0.0", prefix: 15, kind: "a reserved address" },
  { network: "224.0.0.0", prefix: 4, kind: "a multicast address" },
  { network: "240.0.0.0", prefix: 4, kind: "a reserved address" },
];

// IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) match the IPv4 ranges: BlockList compares them as IPv4.
const IPV6_RANGES: Range[] = [
  { network: "::", prefix: 128, kind: "an unspecified address" },
  { network: "::1", prefix: 128, kind: "a loopback address" },
  { network: "fc00::", prefix: 7, kind: "a private address" },
  { network: "fe80::", prefix: 10, kind: "a link-local address" },
  { network: "fec0::", prefix: 10, kind: "a private address" },
  { network: "ff00::", prefix: 8, kind: "a multicast address" },
];

const METADATA_KIND = "a cloud metadata address";
const metadata = new BlockList();
for (const address of METADATA_ADDRESSES) metadata.addAddress(address, isIP(address) === 6 ? "ipv6" : "ipv4");

const ranges = [
  ...IPV4_RANGES.map((range) => ({ ...range, type: "ipv4" as const })),
  ...IPV6_RANGES.map((range) => ({ ...range, type: "ipv6" as const })),
].map((range) => {
  const list = new BlockList();
  list.addSubnet(range.network, range.prefix, range.type);
  return { kind: range.kind, list };
});

/**
 * What kind of non-public address `address` (an IP literal) is, such as "a loopback
 * address", or null when it is a public one. IPv4-mapped IPv6 forms count as their
 * IPv4 address.
 */
export function describeNonPublicAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) throw new Error(`Not an IP address: ${address}`);
  const type = family === 6 ? "ipv6" : "ipv4";
  if (metadata.check(address, type)) return METADATA_KIND;
  return ranges.find((range) => range.list.check(address, type))?.kind ?? null;
}

/** A host the server will not connect to, with the reason in words a team can act on. */
export class RefusedHostError extends Error {
  readonly code = "EHOSTREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "RefusedHostError";
  }
}

export type ResolvedHost = { address: string; family: 4 | 6 };

export type ResolveOptions = {
  /** The operator allows private networks (ALLOW_PRIVATE_SMTP): every address but a cloud metadata one is accepted. */
  allowPrivate: boolean;
  /** How long the DNS lookup may take. */
  timeoutMs: number;
  /** What the refusal names the setting as ("SMTP host"). */
  label: string;
  /** Replaceable in tests, to answer for a name as a rebinding DNS server would. */
  lookup?: (host: string) => Promise<ResolvedHost[]>;
};

const systemLookup = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })) as ResolvedHost[];

/**
 * Resolves `host` once and returns every address it has, refusing the whole host
 * when any of them is not public (unless the operator allows private networks;
 * a cloud metadata address is refused even then: no mail relay lives there).
 * The caller must connect to these addresses only, never look the name up again:
 * a second answer could differ from the one checked.
 */
export async function resolvePublicHost(host: string, options: ResolveOptions): Promise<ResolvedHost[]> {
  // "[::1]" is how a URL writes an IPv6 address; the brackets are not part of it.
  const name = host.replace(/^\[(.*)\]$/, "$1");
  let addresses: ResolvedHost[];
  try {
    addresses = await withTimeout((options.lookup ?? systemLookup)(name), options.timeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA")
      throw new RefusedHostError(`The ${options.label} ${name} does not resolve to any address.`);
    throw error;
  }
  if (!addresses.length) throw new RefusedHostError(`The ${options.label} ${name} does not resolve to any address.`);
  for (const { address } of addresses) {
    const kind = describeNonPublicAddress(address);
    if (!kind || (options.allowPrivate && kind !== METADATA_KIND)) continue;
    const resolved = address === name ? "" : ` resolves to ${address},`;
    const remedy =
      kind === METADATA_KIND
        ? "Murmur never connects there."
        : "Murmur only connects to public addresses unless the server's operator sets ALLOW_PRIVATE_SMTP=1.";
    throw new RefusedHostError(`The ${options.label} ${name}${resolved} is ${kind}; ${remedy}`);
  }
  return addresses;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`DNS lookup took longer than ${ms / 1000} s`), { code: "ETIMEDOUT" })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
