import { describe, expect, it, vi } from "vitest";
import type { PlacedCheckout } from "./records.server";
import { fingerprint, readCheckoutReply, type Post } from "./ui/checkout-api";
import { openPaymentWindow, type PaymentEvents } from "./ui/payment-flow";
import type { RazorpayOptions } from "~/features/payments/ui/payment-script";
import { fetchQuote, quoteRequest } from "./ui/use-checkout-quote";

const placed: PlacedCheckout = {
  checkoutId: "c1",
  paymentMethod: "razorpay",
  paymentStatus: "pending",
  isTest: true,
  cancelled: false,
  totalAmount: 2798,
  orderId: "NLABC",
  orderIds: ["NLABC"],
  customerName: "Asha",
  shippingAddress: "x",
  createdAt: "2026-11-22T00:00:00Z",
  charges: {
    subtotal: 2499,
    deliveryFee: 299,
    codFee: 0,
    discount: 0,
    discountCode: null,
    offerDiscount: 0,
    offerNames: null,
    totalAmount: 2798,
    shippingMethod: "standard",
    deliveryDaysMin: 7,
    deliveryDaysMax: 14,
  },
  payment: {
    gateway: "test",
    keyId: "k",
    razorpayOrderId: "order_1",
    amountPaise: 279800,
    currency: "INR",
    scriptUrl: "/test-gateway.js",
    timeoutSeconds: 780,
    prefill: { name: "Asha", email: "a@b.in", contact: "+919876543210" },
  },
  orderPages: [],
  codConfirmBy: null,
};

describe("readCheckoutReply", () => {
  it("reads each answer of POST /api/checkout", () => {
    expect(readCheckoutReply({ status: 201, data: { ok: true, checkout: placed, replayed: false } })).toEqual(
      {
        kind: "placed",
        placed,
      },
    );
    const check = { ok: false, message: "Please check the highlighted fields.", lineErrors: [] };
    expect(readCheckoutReply({ status: 400, data: { ...check, fieldErrors: { phone: "bad" } } })).toEqual({
      kind: "fields",
      errors: { phone: "bad" },
    });
    expect(
      readCheckoutReply({ status: 409, data: { ok: false, message: "x", code: "expired", lineErrors: [] } }),
    ).toEqual({ kind: "new-key" });
    expect(
      readCheckoutReply({
        status: 422,
        data: { ok: false, code: "limits", message: "at most 10", lineErrors: ["at most 10"] },
      }),
    ).toEqual({ kind: "lines", errors: ["at most 10"] });
    expect(readCheckoutReply({ status: 409, data: { ok: false, code: "lines", message: "gone" } })).toEqual({
      kind: "lines",
      errors: ["gone"],
    });
  });

  it("turns limits and floods into a message people can act on", () => {
    // The endpoint's own rate limit (jsonEndpoint) says `error`.
    const wait = readCheckoutReply({
      status: 429,
      data: {
        ok: false,
        message: "Too many attempts from your connection. Please wait 5 minutes and try again.",
      },
    });
    expect(wait).toEqual({
      kind: "refused",
      title: "Too Many Attempts",
      description: expect.stringContaining("wait 5 minutes"),
    });
    const ceiling = readCheckoutReply({
      status: 422,
      data: {
        ok: false,
        code: "ceiling",
        message: "Orders above ₹2,00,000 can't be placed online: please contact us",
        lineErrors: [],
      },
    });
    expect(ceiling).toMatchObject({
      kind: "refused",
      title: "Order Failed",
      description: expect.stringContaining("please contact us"),
    });
    expect(readCheckoutReply({ status: 500, data: {} })).toMatchObject({
      kind: "refused",
      description: "There was an error placing your order. Please try again.",
    });
    expect(
      readCheckoutReply({ status: 503, data: { ok: false, message: "Online payment is not available." } }),
    ).toMatchObject({ title: "Payment Error" });
  });
});

describe("fingerprint", () => {
  it("is stable for the same submission and differs for another", () => {
    expect(fingerprint('{"a":1}')).toBe(fingerprint('{"a":1}'));
    expect(fingerprint('{"a":1}')).not.toBe(fingerprint('{"a":2}'));
  });
});

describe("quote", () => {
  it("never sends pictures or previews to be priced", async () => {
    const items = [
      {
        id: "c",
        name: "Custom",
        price: 1,
        image: "data:image/jpeg;base64,AAAA",
        quantity: 1,
        type: "custom" as const,
        customConfig: {
          text: "Hi",
          font: "orbitron",
          color: "pink",
          size: "M",
          hasDimmer: false,
          backingShape: "cut-to-shape",
          previewImageUrl: "data:image/jpeg;base64,AAAA",
        },
      },
    ];
    const req = quoteRequest(items);
    expect(JSON.stringify(req)).not.toContain("base64");
    const post = vi.fn<Post>(async () => ({ status: 429, data: {} }));
    expect(await fetchQuote(items, post)).toBeNull();
    expect(post).toHaveBeenCalledWith("/api/checkout/quote", req, undefined);
  });

  it("reads a body cut short (aborted while read: 200 with nothing parsed) as no answer", async () => {
    const cut = vi.fn<Post>(async () => ({ status: 200, data: {} }));
    expect(await fetchQuote([], cut)).toBeNull();
    const whole = vi.fn<Post>(async () => ({
      status: 200,
      data: { lines: [], lineErrors: [], subtotal: 0 },
    }));
    expect(await fetchQuote([], whole)).toMatchObject({ lineErrors: [] });
  });
});

/** A stand-in for Razorpay's browser API that lets the test press its buttons. */
function fakeGateway() {
  const state: {
    options?: RazorpayOptions;
    failed?: (r: { error?: { description?: string } }) => void;
    opened: number;
  } = { opened: 0 };
  class Razorpay {
    constructor(options: RazorpayOptions) {
      state.options = options;
    }
    open() {
      state.opened++;
    }
    on(_e: "payment.failed", fn: (r: { error?: { description?: string } }) => void) {
      state.failed = fn;
    }
  }
  return { state, Razorpay };
}

function events() {
  const calls: string[] = [];
  const on: PaymentEvents = {
    paid: (p) => calls.push(`paid:${p.orderId}`),
    notVerified: () => calls.push("not-verified"),
    failed: (d) => calls.push(`failed:${d}`),
    closed: () => calls.push("closed"),
    unavailable: () => calls.push("unavailable"),
  };
  return { calls, on };
}

describe("openPaymentWindow", () => {
  const deps = (post: Post, Razorpay: unknown, load = async () => undefined) => ({
    load,
    razorpay: () => Razorpay as never,
    post,
    storeName: "NeonLights",
    attemptKey: "key-of-this-attempt-123",
  });

  it("opens the window for the server's order and amount, closing itself before the hold ends", async () => {
    const g = fakeGateway();
    await openPaymentWindow(placed, deps(vi.fn<Post>(), g.Razorpay), events().on);
    expect(g.state.opened).toBe(1);
    expect(g.state.options).toMatchObject({
      order_id: "order_1",
      amount: 279800,
      currency: "INR",
      timeout: 780,
      name: "NeonLights",
    });
    // UPI as phones pay now (issue 46): a QR code on this desktop, the UPI apps on a phone, never collect.
    expect(g.state.options?.config?.display.blocks.upi?.instruments).toEqual([
      { method: "upi", flows: ["qr"] },
    ]);
    expect(g.state.options?.config?.display.hide).toEqual([{ method: "upi", flows: ["collect"] }]);
    const phone = fakeGateway();
    await openPaymentWindow(
      placed,
      { ...deps(vi.fn<Post>(), phone.Razorpay), device: () => "phone" },
      events().on,
    );
    expect(phone.state.options?.config?.display.blocks.upi?.instruments).toEqual([
      { method: "upi", flows: ["intent"] },
    ]);
  });

  it("verifies a success on the server before calling it paid", async () => {
    const g = fakeGateway();
    const post = vi.fn<Post>(async () => ({ status: 200, data: { success: true, checkout: placed } }));
    const e = events();
    await openPaymentWindow(placed, deps(post, g.Razorpay), e.on);
    g.state.options!.handler({
      razorpay_order_id: "order_1",
      razorpay_payment_id: "pay_1",
      razorpay_signature: "sig",
    });
    await vi.waitFor(() => expect(e.calls).toEqual(["paid:NLABC"]));
    expect(post).toHaveBeenCalledWith("/api/checkout/verify", {
      razorpay_order_id: "order_1",
      razorpay_payment_id: "pay_1",
      razorpay_signature: "sig",
    });
    // A close after the answer is not a give-up: nothing is released.
    g.state.options!.modal!.ondismiss!();
    expect(post).not.toHaveBeenCalledWith("/api/checkout/release", expect.anything());
  });

  it("reports a signature the server refuses", async () => {
    const g = fakeGateway();
    const e = events();
    await openPaymentWindow(
      placed,
      deps(async () => ({ status: 400, data: { success: false } }), g.Razorpay),
      e.on,
    );
    g.state.options!.handler({
      razorpay_order_id: "order_1",
      razorpay_payment_id: "pay_1",
      razorpay_signature: "bad",
    });
    await vi.waitFor(() => expect(e.calls).toEqual(["not-verified"]));
  });

  it("gives the held stock back at once when the shopper closes the window or the payment fails", async () => {
    for (const how of ["close", "fail"] as const) {
      const g = fakeGateway();
      const post = vi.fn<Post>(async () => ({ status: 200, data: { outcome: "released" } }));
      const e = events();
      await openPaymentWindow(placed, deps(post, g.Razorpay), e.on);
      if (how === "close") g.state.options!.modal!.ondismiss!();
      else g.state.failed!({ error: { description: "Card declined" } });
      expect(post).toHaveBeenCalledWith("/api/checkout/release", {
        idempotencyKey: "key-of-this-attempt-123",
      });
      expect(e.calls).toEqual([how === "close" ? "closed" : "failed:Card declined"]);
    }
  });

  it("says the payment is unavailable when the script cannot load or there is no handoff", async () => {
    const e = events();
    await openPaymentWindow(
      placed,
      deps(vi.fn<Post>(), undefined, async () => Promise.reject(new Error("offline"))),
      e.on,
    );
    await openPaymentWindow({ ...placed, payment: null }, deps(vi.fn<Post>(), fakeGateway().Razorpay), e.on);
    await openPaymentWindow(placed, deps(vi.fn<Post>(), undefined), e.on);
    expect(e.calls).toEqual(["unavailable", "unavailable", "unavailable"]);
  });
});
