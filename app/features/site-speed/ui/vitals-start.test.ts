import { describe, expect, it } from "vitest";
import { shouldMeasure } from "./vitals-start";

describe("shouldMeasure", () => {
  it("samples storefront loads at the given rate", () => {
    expect(shouldMeasure(0.25, {}, "/products", () => 0.2)).toBe(true);
    expect(shouldMeasure(0.25, {}, "/products", () => 0.3)).toBe(false);
    expect(shouldMeasure(0, {}, "/", () => 0)).toBe(false);
    expect(shouldMeasure(1, {}, "/", () => 0.999)).toBe(true);
  });
  it("respects Do Not Track and Global Privacy Control, and skips the admin", () => {
    expect(shouldMeasure(1, { doNotTrack: "1" }, "/", () => 0)).toBe(false);
    expect(shouldMeasure(1, { globalPrivacyControl: true }, "/", () => 0)).toBe(false);
    expect(shouldMeasure(1, { doNotTrack: "0" }, "/", () => 0)).toBe(true);
    expect(shouldMeasure(1, {}, "/admin/orders", () => 0)).toBe(false);
  });
});
