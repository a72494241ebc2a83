import { describe, expect, it } from "vitest";
import { staffDiscountCap, staffDiscountRefusal, staffOrderExtrasSchema } from "./staff-order";

const base = { goods: 4_999, reason: "Repeat customer", limitPercent: 10, isOwner: false };

describe("staff discount", () => {
  it("allows up to the limit of the goods, rounded down", () => {
    expect(staffDiscountCap(4_999, 10)).toBe(499);
    expect(staffDiscountRefusal({ ...base, discount: 499 })).toBeNull();
    expect(staffDiscountRefusal({ ...base, discount: 0, reason: "" })).toBeNull();
  });
  it("refuses above the limit unless the Owner makes the order", () => {
    const r = staffDiscountRefusal({ ...base, discount: 500 });
    expect(r?.field).toBe("discount");
    expect(r?.message).toMatch(/^A discount above 10% needs the Owner's approval: at most ₹499/);
    expect(staffDiscountRefusal({ ...base, discount: 2_000, isOwner: true })).toBeNull();
  });
  it("needs a reason for any discount, and never more than the goods, even for the Owner", () => {
    expect(staffDiscountRefusal({ ...base, discount: 1, reason: " " })).toEqual({
      field: "discountReason",
      message: "Give the reason for the discount.",
    });
    expect(staffDiscountRefusal({ ...base, discount: 5_000, isOwner: true })?.field).toBe("discount");
  });
});

describe("staff order extras", () => {
  const line = { id: "l1", name: "Sign", price: 1, image: "", quantity: 1, type: "product" };
  it("reads the lines and the discount in rupees", () => {
    const r = staffOrderExtrasSchema.parse({
      chatApp: "whatsapp",
      items: JSON.stringify([line]),
      discount: "₹1,200",
    });
    expect(r.discount).toBe(1_200);
    expect(r.items).toHaveLength(1);
  });
  it("refuses no lines, unreadable lines, a fractional discount and an unknown chat", () => {
    expect(staffOrderExtrasSchema.safeParse({ chatApp: "whatsapp", items: "[]" }).success).toBe(false);
    expect(staffOrderExtrasSchema.safeParse({ chatApp: "whatsapp", items: "{" }).success).toBe(false);
    expect(
      staffOrderExtrasSchema.safeParse({
        chatApp: "whatsapp",
        items: JSON.stringify([line]),
        discount: "10.5",
      }).success,
    ).toBe(false);
    expect(
      staffOrderExtrasSchema.safeParse({ chatApp: "telegram", items: JSON.stringify([line]) }).success,
    ).toBe(false);
  });
  it("takes a logo quote as the only line; a quote id must be a quote's", () => {
    const id = "6f1c1d6e-1d7a-4a51-9c39-2f3f3f8e7a10";
    const r = staffOrderExtrasSchema.parse({ chatApp: "instagram", items: "[]", quoteId: id });
    expect(r.quoteId).toBe(id);
    expect(r.items).toEqual([]);
    expect(
      staffOrderExtrasSchema.parse({ chatApp: "whatsapp", items: JSON.stringify([line]), quoteId: "" })
        .quoteId,
    ).toBeUndefined();
    const bad = staffOrderExtrasSchema.safeParse({ chatApp: "whatsapp", items: "[]", quoteId: "LQ12AB34" });
    expect(bad.error?.issues[0]?.message).toBe("Choose a logo quote from the list.");
    const none = staffOrderExtrasSchema.safeParse({ chatApp: "whatsapp", items: "[]" });
    expect(none.error?.issues).toEqual([
      expect.objectContaining({ path: ["items"], message: "Add at least one line." }),
    ]);
  });
});
