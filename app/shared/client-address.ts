import ipaddr from "ipaddr.js";

/*
 * A client's network address, spelt one way, and the key every limit or match counts it by
 * (docs/decisions/027-limits-by-network.md):
 * - `198.51.100.7`, `::ffff:198.51.100.7` and `::ffff:c633:6407` are one IPv4 client: `198.51.100.7`;
 * - an IPv6 address is written as RFC 5952 says (lower case, longest zero run as `::`);
 * - the key of an IPv6 client is its network (`2001:db8:1:2::/64` by default): a home line or a phone gets
 *   a whole /64 and may pick any address inside it, so counting single addresses counts nothing.
 */

export const UNKNOWN_CLIENT = "unknown";

/** The address in its one spelling (IPv4-mapped IPv6 as IPv4), or "unknown" for anything else. */
export function canonicalAddress(raw: string | null | undefined): string {
  if (!raw) return UNKNOWN_CLIENT;
  // A zone ("fe80::1%eth0") names the host's interface, not the client.
  const text = raw.trim().replace(/%.*$/, "");
  // Only the forms Node and proxies write: four-part IPv4 ("1.2.3" would be read as 1.2.0.3) or IPv6.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return UNKNOWN_CLIENT;
  try {
    const parsed = ipaddr.process(text);
    return parsed.kind() === "ipv4" ? parsed.toString() : (parsed as ipaddr.IPv6).toRFC5952String();
  } catch {
    return UNKNOWN_CLIENT;
  }
}

/**
 * The key one client is counted by: the IPv4 address, or the IPv6 network of `ipv6Prefix` bits in CIDR
 * notation. Idempotent: a key given back in yields the same key.
 */
export function networkKey(raw: string | null | undefined, ipv6Prefix = 64): string {
  const text = (raw ?? "").trim();
  const slash = text.indexOf("/");
  const address = canonicalAddress(slash >= 0 ? text.slice(0, slash) : text);
  if (address === UNKNOWN_CLIENT || !address.includes(":")) return address;
  const bits = Math.min(128, Math.max(0, Math.trunc(ipv6Prefix)));
  const bytes = ipaddr.IPv6.parse(address).toByteArray();
  for (let i = 0; i < 16; i++) {
    const keep = Math.min(8, Math.max(0, bits - i * 8));
    bytes[i] = bytes[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  const network = (ipaddr.fromByteArray(bytes) as ipaddr.IPv6).toRFC5952String();
  return `${network}/${bits}`;
}
