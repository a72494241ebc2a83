import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakePayment = {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  error_description?: string | null;
};
export type FakeRefund = {
  id: string;
  entity: "refund";
  payment_id: string;
  amount: number;
  currency: string;
  status: "pending" | "processed" | "failed";
  notes: Record<string, string>;
};
export type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  notes: unknown;
};

/** The keys of the fake Razorpay every suite starts, and the webhook secret the shop is given with them. */
export const TEST_RAZORPAY = {
  keyId: "rzp_test_fake",
  keySecret: "fake_key_secret_for_tests",
  webhookSecret: "fake_webhook_secret",
};

/** The shop's environment for paying through this fake (with TEST_RAZORPAY's keys). */
export const fakeRazorpayEnv = (fake: { url: string }) => ({
  RAZORPAY_KEY_ID: TEST_RAZORPAY.keyId,
  RAZORPAY_KEY_SECRET: TEST_RAZORPAY.keySecret,
  RAZORPAY_WEBHOOK_SECRET: TEST_RAZORPAY.webhookSecret,
  RAZORPAY_API_BASE: fake.url,
});

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

/**
 * A fake Razorpay HTTP API for tests (the calls the shop makes): POST /v1/orders,
 * GET /v1/orders/:id/payments, GET /v1/payments and POST /v1/payments/:id/refund (with X-Refund-Idempotency as Razorpay
 * documents it), with HTTP Basic auth checked against the given key.
 */
export async function startFakeRazorpay(keyId = TEST_RAZORPAY.keyId, keySecret = TEST_RAZORPAY.keySecret) {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment[]>();
  const state = {
    failNextCreate: 0,
    requests: 0,
    /** Refund calls to answer with 500 (after creating nothing), or with a 400 refusal. */
    failNextRefund: 0,
    refuseNextRefund: 0,
    /** The status a new refund is created with (Razorpay's normal refunds start 'pending'). */
    refundStatus: "pending" as "pending" | "processed",
    refundCalls: 0,
  };
  /** Refunds by id, and by idempotency key (the same key and body returns the same refund). */
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, { body: string; refund: FakeRefund }>();
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    state.requests++;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth) {
      return send(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && url.pathname === "/v1/orders") {
        if (state.failNextCreate > 0) {
          state.failNextCreate--;
          return send(500, {
            error: { code: "SERVER_ERROR", description: "The fake is failing on purpose" },
          });
        }
        const body = JSON.parse(raw || "{}") as {
          amount?: number;
          currency?: string;
          receipt?: string;
          notes?: unknown;
        };
        if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100 || body.currency !== "INR") {
          return send(400, {
            error: { code: "BAD_REQUEST_ERROR", description: "amount or currency invalid" },
          });
        }
        const order: FakeOrder = {
          id: `order_${crypto.randomBytes(7).toString("hex")}`,
          entity: "order",
          amount: body.amount!,
          currency: "INR",
          receipt: body.receipt ?? "",
          status: "created",
          notes: body.notes ?? {},
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const r = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
      if (req.method === "POST" && r) {
        state.refundCalls++;
        const paymentId = decodeURIComponent(r[1]!);
        if (state.failNextRefund > 0) {
          state.failNextRefund--;
          return send(500, {
            error: { code: "SERVER_ERROR", description: "The fake is failing on purpose" },
          });
        }
        if (state.refuseNextRefund > 0) {
          state.refuseNextRefund--;
          return send(400, {
            error: { code: "BAD_REQUEST_ERROR", description: "The refund amount is invalid" },
          });
        }
        const key = req.headers["x-refund-idempotency"];
        if (typeof key === "string") {
          const seen = refundsByKey.get(key);
          if (seen && seen.body !== raw)
            return send(400, {
              error: {
                code: "BAD_REQUEST_ERROR",
                description: "Different request with the same idempotency key has already been processed.",
              },
            });
          if (seen) return send(200, seen.refund);
        }
        const payment = [...payments.values()].flat().find((p) => p.id === paymentId);
        if (!payment || payment.status !== "captured")
          return send(400, {
            error: { code: "BAD_REQUEST_ERROR", description: "The payment id is invalid" },
          });
        const body = JSON.parse(raw || "{}") as { amount?: number; notes?: Record<string, string> };
        const amount = body.amount ?? payment.amount;
        const already = [...refunds.values()]
          .filter((x) => x.payment_id === paymentId && x.status !== "failed")
          .reduce((n, x) => n + x.amount, 0);
        if (!Number.isInteger(amount) || amount < 100 || already + amount > payment.amount)
          return send(400, {
            error: {
              code: "BAD_REQUEST_ERROR",
              description: "The refund amount exceeds the amount captured",
            },
          });
        const refund: FakeRefund = {
          id: `rfnd_${crypto.randomBytes(7).toString("hex")}`,
          entity: "refund",
          payment_id: paymentId,
          amount,
          currency: "INR",
          status: state.refundStatus,
          notes: body.notes ?? {},
        };
        refunds.set(refund.id, refund);
        if (typeof key === "string") refundsByKey.set(key, { body: raw, refund });
        return send(200, refund);
      }
      const m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
      if (req.method === "GET" && m) {
        const id = decodeURIComponent(m[1]!);
        if (!orders.has(id))
          return send(400, {
            error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" },
          });
        const items = payments.get(id) ?? [];
        return send(200, { entity: "collection", count: items.length, items });
      }
      // The cheapest authenticated call (Settings > Keys' "Check connection").
      if (req.method === "GET" && url.pathname === "/v1/payments") {
        const count = Math.min(100, Number(url.searchParams.get("count") ?? 10));
        const items = [...payments.values()].flat().slice(0, count);
        return send(200, { entity: "collection", count: items.length, items });
      }
      send(404, { error: { code: "NOT_FOUND", description: "not found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    state,
    refunds,
    /** Record a payment against an order, as if the shopper paid in Razorpay's window. */
    addPayment(orderId: string, status = "captured"): FakePayment {
      const o = orders.get(orderId);
      if (!o) throw new Error(`fake razorpay: no order ${orderId}`);
      const p: FakePayment = {
        id: `pay_${crypto.randomBytes(7).toString("hex")}`,
        order_id: orderId,
        amount: o.amount,
        currency: "INR",
        status,
      };
      payments.set(orderId, [...(payments.get(orderId) ?? []), p]);
      return p;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
