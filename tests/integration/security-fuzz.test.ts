import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action as placeAction } from "~/features/checkout/routes/api-checkout";
import { action as webhookAction } from "~/features/after-sale/routes/api-razorpay-webhook";
import { db } from "~/platform/db/client.server";
import { makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { setupTestDatabase } from "../support/test-db";

// Property-based: random and hostile input at the checkout action and the payment webhook.
// Never a 5xx, never a write on refused input, stock never below zero.
setupTestDatabase({
  PAYMENT_MODE: "test",
  RAZORPAY_WEBHOOK_SECRET: "whsec_fuzz",
  MAX_OPEN_ORDERS_PER_CUSTOMER: "1000",
  MAX_HELD_UNITS_PER_CUSTOMER: "100000",
});

type Action = (args: never) => Promise<Response>;
async function call(fn: Action, body: string, headers: Record<string, string> = {}) {
  const request = new Request("http://shop.test/api", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  // Each call from its own address: the per-client rate limits have their own suite (abuse-checkout.test.ts).
  const res = await fn({
    request,
    params: {},
    // A client network of its own for every call (limits count a /64 as one client).
    context: {
      clientIp: `2001:db8:${crypto.randomInt(0, 65536).toString(16)}:${crypto.randomInt(0, 65536).toString(16)}::1`,
    },
  } as never);
  return res.status;
}

async function fingerprint() {
  const r = await db().execute<{ f: string }>(sql`
    select (select count(*) from checkouts) || '/' || (select count(*) from orders) || '/' ||
           (select count(*) from order_items) || '/' || (select count(*) from custom_neon_orders) || '/' ||
           (select coalesce(sum(stock_quantity), 0) from products) || '/' ||
           (select count(*) from payment_events) || '/' ||
           (select count(*) from orders where payment_status <> 'pending') as f`);
  return r.rows[0]!.f;
}

let productId = "";
beforeAll(async () => {
  const fields = { name: "Fuzz Sign", mediumPrice: 2000, mediumMrp: 2500, smallPrice: 1000, smallMrp: 1200 };
  productId = (await makeProduct(await makeCategory("Fuzz"), { ...fields, stockQuantity: 5 })).id;
});

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "'; drop table orders; --",
    "<script>alert(1)</script>",
    "\u0000\u202e",
    "x".repeat(10_240),
    "../../etc/passwd",
    "{{7*7}}",
    "NaN",
    "-1",
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 0.5, 1e9, Number.MAX_SAFE_INTEGER, -0),
);
const hostileValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

const validForm = {
  name: "Asha Verma",
  phone: "9876543210",
  email: "asha@example.in",
  address1: "12 MG Road",
  city: "Pune",
  state: "maharashtra",
  pincode: "411001",
  paymentMethod: "cod",
};

/** A request shaped like the real one with any field (or a line's field) replaced by something hostile. */
const nearValidRequest = fc
  .record({
    field: fc.constantFrom(
      "name",
      "phone",
      "email",
      "address1",
      "city",
      "state",
      "pincode",
      "preferredDate",
      "paymentMethod",
      "quantity",
      "size",
      "color",
      "productType",
      "originalProductId",
      "price",
      "type",
      "brightnessController",
      "idempotencyKey",
      "items",
      "form",
    ),
    value: hostileValue,
  })
  .map(({ field, value }) => {
    const line: Record<string, unknown> = productLine(
      productId,
      { id: "fuzz-line", name: "anything", price: 1 },
      { color: "Blue" },
    );
    const form: Record<string, unknown> = { ...validForm };
    const req: Record<string, unknown> = {
      idempotencyKey: crypto.randomBytes(16).toString("hex"),
      form,
      items: [line],
    };
    if (field in validForm || field === "preferredDate") form[field] = value;
    else if (field === "quantity" || field === "price" || field === "type") line[field] = value;
    else if (field === "items" || field === "form" || field === "idempotencyKey") req[field] = value;
    else (line.productConfig as Record<string, unknown>)[field] = value;
    return req;
  });

describe("checkout action under hostile input", () => {
  it("never answers 5xx and writes nothing when it refuses", async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(nearValidRequest, fc.anything()), async (input) => {
        const req = JSON.parse(
          JSON.stringify(input ?? null)?.replace('"PRODUCT"', JSON.stringify(productId)) ?? "null",
        ) as unknown;
        const before = await fingerprint();
        const status = await call(placeAction, JSON.stringify(req) ?? "null");
        seen.add(status);
        expect(status, JSON.stringify(req)?.slice(0, 400)).toBeLessThan(500);
        if (status >= 400) expect(await fingerprint()).toBe(before);
        const [{ min }] = (
          await db().execute<{ min: number }>(sql`select min(stock_quantity)::int as min from products`)
        ).rows as [{ min: number }];
        expect(min).toBeGreaterThanOrEqual(0);
      }),
      {
        numRuns: 150,
        // Always include an untouched request, so the property sees an order actually placed.
        examples: [
          [
            {
              idempotencyKey: crypto.randomBytes(16).toString("hex"),
              form: validForm,
              items: [productLine("PRODUCT", { id: "ok", name: "x", price: 1 }, { color: "Blue" })],
            },
          ],
        ],
      },
    );
    // The property saw both outcomes: orders placed (harmless mutations) and refusals.
    expect(seen.has(201)).toBe(true);
    expect(seen.has(400)).toBe(true);
  });

  it("refuses bodies that are not JSON, huge or of the wrong type", async () => {
    const before = await fingerprint();
    for (const body of [
      "",
      "{",
      "[]",
      "null",
      '"text"',
      "x".repeat(100_000),
      JSON.stringify({ items: "x".repeat(30_000_000 / 10) }),
    ]) {
      expect(await call(placeAction, body)).toBeLessThan(500);
    }
    expect(await call(placeAction, "a=b", { "content-type": "application/x-www-form-urlencoded" })).toBe(415);
    expect(await fingerprint()).toBe(before);
  });
});

describe("payment webhook under hostile input", () => {
  it("never answers 5xx and changes nothing without a valid signature", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 2000 }), fc.json()),
        fc.option(fc.string({ maxLength: 128 })),
        async (body, signature) => {
          const before = await fingerprint();
          const status = await call(
            webhookAction,
            body,
            signature === null ? {} : { "x-razorpay-signature": signature },
          );
          expect(status).toBeLessThan(500);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(await fingerprint()).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("a correctly signed but meaningless event changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (body) => {
        const before = await fingerprint();
        const signature = crypto.createHmac("sha256", "whsec_fuzz").update(body).digest("hex");
        const status = await call(webhookAction, body, {
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": crypto.randomUUID(),
        });
        expect(status).toBeLessThan(500);
        // Unknown or malformed events may be acknowledged (200) so Razorpay stops retrying, but move no order.
        const after = await fingerprint();
        expect(after.split("/").slice(0, 5)).toEqual(before.split("/").slice(0, 5));
        expect(after.split("/")[6]).toBe(before.split("/")[6]);
      }),
      { numRuns: 100 },
    );
  });
});
