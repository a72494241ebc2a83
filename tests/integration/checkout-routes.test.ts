import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { action as placeAction } from "~/features/checkout/routes/api-checkout";
import { action as verifyAction } from "~/features/checkout/routes/api-checkout-verify";
import { action as signAction } from "~/features/payments/routes/api-test-gateway-sign";
import { action as webhookAction } from "~/features/after-sale/routes/api-razorpay-webhook";
import { checkouts } from "~/features/checkout/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { callAs, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { postCheckout } from "../support/orders";
import { countRows, setupTestDatabase } from "../support/test-db";

// PAYMENT_MODE=test: the built-in test gateway; no webhook secret configured.
setupTestDatabase({ PAYMENT_MODE: "test" });
afterAll(() => runQueuedJobs());

const call = (fn: Parameters<typeof callAs>[1], body: unknown, headers?: Record<string, string>) =>
  callAs("198.51.100.30", fn, body, headers);
describe("POST /api/checkout", () => {
  it("answers 400 with field errors from the server and writes nothing", async () => {
    const r = await call(placeAction, {
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form: {
        name: "",
        phone: "12345",
        email: "x",
        address1: "a",
        city: "c",
        state: "atlantis",
        pincode: "012345",
        preferredDate: "2000-01-01",
        paymentMethod: "cod",
      },
      items: [{ id: "x", name: "n", price: 1, image: "", quantity: 1, type: "product" }],
    });
    expect(r.status).toBe(400);
    const fe = r.body.fieldErrors as Record<string, string>;
    expect(Object.keys(fe).sort()).toEqual(["email", "name", "phone", "pincode", "preferredDate", "state"]);
    expect(fe.pincode).toBe("PIN code must be 6 digits and cannot start with 0.");
    expect(await countRows(checkouts)).toBe(0);
  });

  it("accepts only JSON (a cross-site form post is refused)", async () => {
    const r = await call(placeAction, "name=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(r.status).toBe(415);
  });

  it("places a test-gateway order whose Success signature verifies through the same route", async () => {
    const p = await makeProduct(await makeCategory("Routes"), {
      name: "Route Sign",
      mediumPrice: 1000,
      mediumMrp: 1500,
      stockQuantity: 3,
    });
    const placed = await postCheckout([productLine(p.id)], { method: "razorpay" });
    expect(placed.status).toBe(201);
    const checkout = placed.body.checkout as {
      payment: { razorpayOrderId: string; gateway: string; amountPaise: number };
    };
    expect(checkout.payment).toMatchObject({ gateway: "test", amountPaise: 129900 });
    // Only open test checkouts are signed.
    expect((await call(signAction, { order_id: "order_unknown" })).status).toBe(404);
    const signed = await call(signAction, { order_id: checkout.payment.razorpayOrderId });
    expect(signed.status).toBe(200);
    const bad = await call(verifyAction, { ...signed.body, razorpay_signature: "0".repeat(64) });
    expect(bad).toMatchObject({ status: 400, body: { success: false } });
    const ok = await call(verifyAction, signed.body);
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(signAction, { order_id: checkout.payment.razorpayOrderId })).status).toBe(404);
  });

  it("the webhook answers 503 when no webhook secret is configured", async () => {
    const r = await call(
      webhookAction,
      { event: "payment.captured" },
      { "content-type": "application/json", "x-razorpay-signature": "00" },
    );
    expect(r.status).toBe(503);
  });
});
