import { describe, expect, it } from "vitest";
import { originOf } from "./declarations";

describe("originOf", () => {
  it("is the shop's default unless a product says its own", () => {
    expect(originOf("India", [])).toBe("India");
    expect(originOf("India", [{ name: "A" }, { name: "B", origin: "" }])).toBe("India");
    expect(originOf("India", [{ name: "A", origin: "China" }])).toBe("China");
  });
  it("names each country with its goods when they differ", () => {
    expect(originOf("India", [{ name: "A" }, { name: "B", origin: "China" }, { name: "C" }])).toBe(
      "India (A, C), China (B)",
    );
  });
});
