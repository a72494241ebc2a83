import { describe, expect, it } from "vitest";
import { canonicalAddress, networkKey } from "./client-address";

describe("client addresses", () => {
  it("spells one IPv4 client one way, however Node or a proxy wrote it", () => {
    for (const raw of [
      "198.51.100.7",
      "::ffff:198.51.100.7",
      "::ffff:c633:6407",
      "::FFFF:C633:6407",
      " 198.51.100.7 ",
    ])
      expect(canonicalAddress(raw)).toBe("198.51.100.7");
    for (const raw of ["198.51.100.7", "::ffff:198.51.100.7", "::ffff:c633:6407"])
      expect(networkKey(raw)).toBe("198.51.100.7");
  });

  it("writes IPv6 addresses as RFC 5952 does", () => {
    expect(canonicalAddress("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(canonicalAddress("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(canonicalAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalAddress("::1")).toBe("::1");
  });

  it("keys an IPv6 client by its /64, or the prefix the shop sets", () => {
    const a = networkKey("2001:db8:1:2::1");
    const b = networkKey("2001:db8:1:2:ffff:ffff:ffff:fffe");
    const c = networkKey("2001:DB8:1:2:abcd::9");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(networkKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(networkKey("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(networkKey("2001:db8:1:2::1", 56)).toBe(networkKey("2001:db8:1:ff::1", 56));
    expect(networkKey("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2::1/128");
    expect(networkKey("2001:db8:1:2::1", 60)).toBe("2001:db8:1::/60");
  });

  it("is idempotent, so a key given back in stays the key", () => {
    const key = networkKey("2001:db8:1:2::1");
    expect(networkKey(key)).toBe(key);
    expect(networkKey("198.51.100.7")).toBe("198.51.100.7");
  });

  it("calls anything that is not an address unknown", () => {
    for (const raw of [
      "",
      null,
      undefined,
      "unknown",
      "1.2.3",
      "example.com",
      "1.2.3.4.5",
      "::g",
      "1.2.3.4; drop",
    ])
      expect(networkKey(raw)).toBe("unknown");
  });
});
