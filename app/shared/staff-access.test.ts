import { describe, expect, it } from "vitest";
import { can, intentNeeds, MONEY_PERMISSION, sameRuleFor } from "./staff-access";

describe("what an intent needs (issue 41)", () => {
  it("is its own permission, or the Owner's when it names none", () => {
    expect(intentNeeds({ permission: "orders" }, {})).toEqual({ permissions: ["orders"], stepUp: false });
    expect(intentNeeds({}, {})).toEqual({ permissions: ["owner"], stepUp: false });
  });

  it("adds the refunds permission and step-up when money or the books move, always or by the fields", () => {
    expect(MONEY_PERMISSION).toBe("refunds");
    expect(intentNeeds({ permission: "invoices", money: true }, {})).toEqual({
      permissions: ["invoices", "refunds"],
      stepUp: true,
    });
    expect(intentNeeds({ permission: "refunds", money: true }, {})).toEqual({
      permissions: ["refunds"],
      stepUp: true,
    });
    const status = {
      permission: "orders" as const,
      money: (f: Record<string, string>) => f.markPaid === "on",
    };
    expect(intentNeeds(status, { markPaid: "on" })).toEqual({
      permissions: ["orders", "refunds"],
      stepUp: true,
    });
    expect(intentNeeds(status, {})).toEqual({ permissions: ["orders"], stepUp: false });
  });

  it("money is the Owner's and Accounts', never Operations' or Catalogue's", () => {
    expect(
      ["owner", "operations", "catalogue", "accounts"].filter((r) => can(r as never, MONEY_PERMISSION)),
    ).toEqual(["owner", "accounts"]);
  });

  it("gives one rule to each of several intents", () => {
    expect(sameRuleFor(["a", "b"], { permission: "reviews" })).toEqual({
      a: { permission: "reviews" },
      b: { permission: "reviews" },
    });
  });
});
