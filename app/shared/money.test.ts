import { describe, expect, it } from "vitest";
import { formatRating, formatRupees } from "./money";

describe("formatRupees", () => {
  it("groups the Indian way", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456");
    expect(formatRupees(2999)).toBe("₹2,999");
    expect(formatRupees(10000000)).toBe("₹1,00,00,000");
    expect(formatRupees(0)).toBe("₹0");
  });
});

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.75)).toBe("4.8");
  });
});
