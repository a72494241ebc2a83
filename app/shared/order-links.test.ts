import { describe, expect, it } from "vitest";
import { isOrderAccessToken, orderPagePath, orderPageUrl } from "./order-links";

describe("order links", () => {
  const token = "a".repeat(32) + "0123456789abcdef".repeat(2);

  it("accepts only 64 lower-case hex characters", () => {
    expect(isOrderAccessToken(token)).toBe(true);
    expect(isOrderAccessToken(token.toUpperCase())).toBe(false);
    expect(isOrderAccessToken(token.slice(1))).toBe(false);
    expect(isOrderAccessToken(token + "0")).toBe(false);
    expect(isOrderAccessToken("../" + token.slice(3))).toBe(false);
  });

  it("builds the page path and the absolute link", () => {
    expect(orderPagePath(token)).toBe(`/orders/${token}`);
    expect(orderPageUrl("https://neonlights.in", token)).toBe(`https://neonlights.in/orders/${token}`);
  });
});
