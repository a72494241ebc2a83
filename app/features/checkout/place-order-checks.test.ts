import { describe, expect, it } from "vitest";
import { checkoutFormSchema } from "./checkout";
import type { OrderLimits } from "./order-limits";
import type { RequestedCustomLine, RequestedProductLine } from "./order-pricing";
import { PAYMENT_UNAVAILABLE, refusal } from "./place-order-rules";
import {
  BUSY,
  busyRefusal,
  checkQuantities,
  codeGuesser,
  codeWaitRefusal,
  EXPIRED,
  expiredRefusal,
  KEY_REUSED,
  keyReusedRefusal,
  needsGatewayOrder,
  orderedUnits,
  readsRiskHistory,
  refuseIfGatewayOff,
  shippingChoice,
  shopperKeys,
  splitLines,
  stockRefusal,
  unlessRefused,
} from "./place-order-checks";

const form = checkoutFormSchema.parse({
  name: "Priya Sharma",
  phone: "98765 43210",
  email: "Priya+neon@Example.com",
  address1: "1, Marine Drive",
  city: "Mumbai",
  state: "maharashtra",
  pincode: "400001",
  paymentMethod: "cod",
});

const product = (productId: string, quantity: number): RequestedProductLine => ({
  kind: "product",
  cartId: `${productId}-M`,
  label: productId,
  productId,
  size: "M",
  color: "Blue",
  brightnessController: false,
  productType: "Standard",
  quantity,
});
const custom = (cartId: string, quantity = 1) =>
  ({ kind: "custom", cartId, label: cartId, quantity, makeWarnings: null }) as unknown as RequestedCustomLine;

const limits = { maxQtyPerLine: 5, maxQtyPerProduct: 8, maxCustomLines: 1 } as OrderLimits;

describe("placing an order: a step goes on or stops", () => {
  it("goes on with the value without a refusal, and stops with the refusal when there is one", () => {
    expect(unlessRefused(null, 7)).toEqual({ ok: true, value: 7 });
    const r = refusal(409, "lines", "A is sold out");
    expect(unlessRefused(r, 7)).toEqual({ ok: false, answer: r });
  });
});

describe("placing an order: online payment while the gateway is off", () => {
  it("refuses an online payment with 503 when the gateway is off", () => {
    expect(refuseIfGatewayOff("razorpay", "off")).toEqual({
      ok: false,
      answer: { ok: false, status: 503, code: "payment-unavailable", message: PAYMENT_UNAVAILABLE },
    });
  });

  it("lets COD through whatever the gateway, and marks test-gateway payments as test checkouts", () => {
    expect(refuseIfGatewayOff("cod", "off")).toEqual({ ok: true, value: { isTest: false } });
    expect(refuseIfGatewayOff("cod", "test")).toEqual({ ok: true, value: { isTest: false } });
    expect(refuseIfGatewayOff("razorpay", "test")).toEqual({ ok: true, value: { isTest: true } });
    expect(refuseIfGatewayOff("razorpay", "razorpay")).toEqual({ ok: true, value: { isTest: false } });
  });
});

describe("placing an order: the cart's lines", () => {
  it("lets lines within the owner's quantities through", () => {
    expect(checkQuantities([product("a", 5), product("b", 1), custom("c")], limits)).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("refuses too many of a line, of a product or custom designs with 422, the first problem as the message", () => {
    const over = checkQuantities([product("a", 6), custom("c"), custom("d")], limits);
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.answer).toMatchObject({ status: 422, code: "limits" });
    expect(over.answer.message).toContain('at most 5 of "a"');
    expect(over.answer.lineErrors).toHaveLength(2);
    expect(over.answer.lineErrors?.[1]).toContain("at most 1 custom designs");
    const perProduct = checkQuantities([product("a", 4), product("a", 5)], limits);
    expect(!perProduct.ok && perProduct.answer.message).toContain("all sizes together");
  });

  it("splits ready-made and custom lines, in the cart's order, and counts the ready-made units", () => {
    const a = product("a", 2);
    const b = product("b", 3);
    const c = custom("c", 4);
    expect(splitLines([a, c, b])).toEqual({ productLines: [a, b], customLines: [c] });
    expect(orderedUnits([a, b])).toBe(5);
    expect(orderedUnits([])).toBe(0);
  });

  it("prices the shopper's delivery and payment choice", () => {
    expect(shippingChoice(form)).toEqual({
      dest: { country: form.country, pincode: "400001" },
      method: form.shippingMethod,
      paymentMethod: "cod",
    });
  });
});

describe("placing an order: who the shopper is", () => {
  it("keys the shopper by network, phone, mailbox and address", () => {
    const k = shopperKeys(form, "2001:db8:1::/64");
    expect(k).toEqual({
      clientNetwork: "2001:db8:1::/64",
      phone: form.phone,
      email: "priya@example.com",
      addressKey: "400001:1marinedrive",
    });
  });

  it("does not key by a network that is missing or unknown", () => {
    expect(shopperKeys(form, undefined).clientNetwork).toBeUndefined();
    expect(shopperKeys(form, "unknown").clientNetwork).toBeUndefined();
    expect(shopperKeys(form, "").clientNetwork).toBeUndefined();
  });

  it("counts wrong codes against the network with the contact, and against nobody without a network", () => {
    expect(codeGuesser(shopperKeys(form, "203.0.113.9"))).toEqual({
      network: "203.0.113.9",
      phone: form.phone,
      email: "priya@example.com",
    });
    expect(codeGuesser(shopperKeys(form, "unknown"))).toBeNull();
  });

  it("makes a client over the wrong-codes limit wait, naming the code field", () => {
    expect(codeWaitRefusal(0)).toBeNull();
    const r = codeWaitRefusal(90);
    expect(r).toMatchObject({ status: 422, code: "discount" });
    expect(r?.message).toMatch(/^Too many codes/);
    expect(r?.fieldErrors).toEqual({ discountCode: r?.message });
  });

  it("reads the RTO history only for COD while the owner's risk rule is on", () => {
    expect(readsRiskHistory("cod", "medium")).toBe(true);
    expect(readsRiskHistory("cod", "high")).toBe(true);
    expect(readsRiskHistory("cod", "off")).toBe(false);
    expect(readsRiskHistory("razorpay", "high")).toBe(false);
  });
});

describe("placing an order: refusals of the transaction", () => {
  it("refuses stock taken short with 409 naming the lines", () => {
    expect(stockRefusal({ message: "A is sold out", lineErrors: ["A is sold out"] })).toEqual({
      ok: false,
      status: 409,
      code: "lines",
      message: "A is sold out",
      lineErrors: ["A is sold out"],
    });
  });

  it("answers a transaction still conflicting with 503 busy", () => {
    expect(busyRefusal()).toEqual({ ok: false, status: 503, code: "busy", message: BUSY });
  });
});

describe("placing an order: a key used before", () => {
  it("refuses the key with a different request, and lets the same request have the first result", () => {
    expect(keyReusedRefusal("h1", "h1")).toBeNull();
    expect(keyReusedRefusal("h1", "h2")).toEqual({
      ok: false,
      status: 409,
      code: "key-reused",
      message: KEY_REUSED,
    });
  });

  it("makes the gateway order of an earlier unpaid online attempt that has none", () => {
    const online = { paymentMethod: "razorpay", razorpayOrderId: null, paymentStatus: "pending" };
    expect(needsGatewayOrder(online)).toBe(true);
    expect(needsGatewayOrder({ ...online, razorpayOrderId: "order_1" })).toBe(false);
    expect(needsGatewayOrder({ ...online, paymentStatus: "paid" })).toBe(false);
    expect(needsGatewayOrder({ ...online, paymentMethod: "cod" })).toBe(false);
  });

  it("refuses an online attempt whose hold expired unpaid, and nothing else", () => {
    const expired = { cancelled: true, paymentStatus: "pending" };
    expect(expiredRefusal("razorpay", expired)).toEqual({
      ok: false,
      status: 409,
      code: "expired",
      message: EXPIRED,
    });
    expect(expiredRefusal("razorpay", { ...expired, paymentStatus: "paid" })).toBeNull();
    expect(expiredRefusal("razorpay", { ...expired, cancelled: false })).toBeNull();
    expect(expiredRefusal("cod", expired)).toBeNull();
  });
});
