import { describe, expect, it } from "vitest";
import { payLinkState, payLinkTimes } from "./pay-link-state";

const at = (iso: string) => new Date(iso);

describe("pay link times", () => {
  it("expires after the settings' hours and reminds 6 hours before", () => {
    const t = payLinkTimes(at("2026-11-28T10:00:00Z"), 48);
    expect(t.expiresAt.toISOString()).toBe("2026-11-30T10:00:00.000Z");
    expect(t.remindAt.toISOString()).toBe("2026-11-30T04:00:00.000Z");
  });
  it("reminds halfway when the link is open 12 hours or less", () => {
    const t = payLinkTimes(at("2026-11-28T10:00:00Z"), 2);
    expect(t.expiresAt.toISOString()).toBe("2026-11-28T12:00:00.000Z");
    expect(t.remindAt.toISOString()).toBe("2026-11-28T11:00:00.000Z");
  });
});

describe("pay link state", () => {
  const open = {
    paymentStatus: "pending",
    expiresAt: "2026-11-30T10:00:00Z",
    expiredAt: null,
    soldOutAt: null,
  };
  it("awaits payment until it expires, even before the sweep marks it", () => {
    expect(payLinkState(open, at("2026-11-30T09:59:59Z"))).toBe("awaiting");
    expect(payLinkState(open, at("2026-11-30T10:00:00Z"))).toBe("expired");
    expect(payLinkState({ ...open, expiredAt: "2026-11-29T00:00:00Z" }, at("2026-11-28T00:00:00Z"))).toBe(
      "expired",
    );
  });
  it("is cash on delivery once the shopper chose it, whatever the clock says", () => {
    expect(payLinkState({ ...open, codChosenAt: "2026-11-29T00:00:00Z" }, at("2026-12-05T00:00:00Z"))).toBe(
      "cod",
    );
  });
  it("is paid once paid, and a refund is due when it was paid after the pieces sold out", () => {
    expect(payLinkState({ ...open, paymentStatus: "paid" }, at("2026-12-05T00:00:00Z"))).toBe("paid");
    expect(payLinkState({ ...open, paymentStatus: "paid", soldOutAt: "2026-11-29T00:00:00Z" })).toBe(
      "sold-out",
    );
  });
});
