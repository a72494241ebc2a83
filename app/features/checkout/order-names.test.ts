import { describe, expect, it } from "vitest";
import { orderNames, splitNote } from "./order-names";

describe("a checkout's orders in words (issue 42)", () => {
  it("names one order, a split cart's two, and several of one kind", () => {
    expect(orderNames([{ id: "NL1A2B3C4D", custom: false }])).toBe("order NL1A2B3C4D");
    expect(
      orderNames([
        { id: "NL1A2B3C4D", custom: false },
        { id: "9F8E7D6C", custom: true },
      ]),
    ).toBe("orders NL1A2B3C4D (ready-made signs) and 9F8E7D6C (custom sign)");
    expect(
      orderNames([
        { id: "NL1A2B3C4D", custom: false },
        { id: "9F8E7D6C", custom: true },
        { id: "5A6B7C8D", custom: true },
      ]),
    ).toBe("orders NL1A2B3C4D (ready-made signs), 9F8E7D6C and 5A6B7C8D (custom signs)");
    expect(
      orderNames([
        { id: "9F8E7D6C", custom: true },
        { id: "5A6B7C8D", custom: true },
      ]),
    ).toBe("orders 9F8E7D6C and 5A6B7C8D");
  });

  it("says why a cart became several orders, and nothing for one", () => {
    expect(splitNote([{ id: "A", custom: false }])).toBeNull();
    expect(
      splitNote([
        { id: "A", custom: false },
        { id: "B", custom: true },
      ]),
    ).toMatch(/became 2 orders/);
  });
});
