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

/** A line to settle: a payment credited (less a 2% fee and 18% GST on it), or a refund debited. */
export type FakeSettleLine =
  | { type: "payment"; id: string; amount: number; orderId?: string }
  | { type: "refund"; id: string; paymentId: string; amount: number };
export type FakeReconItem = {
  entity_id: string;
  type: string;
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  settlement_utr: string;
  payment_id: string | null;
  order_id: string | null;
  method: string | null;
};
export type FakeSettlement = {
  id: string;
  entity: "settlement";
  amount: number;
  status: string;
  fees: number;
  tax: number;
  utr: string;
  created_at: number;
};

/** The year, month and day of a Unix time in India, as Razorpay's recon report groups them. */
const istParts = (unix: number) => {
  const d = new Date(unix * 1000 + 5.5 * 3_600_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
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
    reconCalls: 0,
  };
  /** Refunds by id, and by idempotency key (the same key and body returns the same refund). */
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, { body: string; refund: FakeRefund }>();
  /** Settlements and their recon lines (GET /v1/settlements, GET /v1/settlements/recon/combined). */
  const settlements: FakeSettlement[] = [];
  const reconItems: FakeReconItem[] = [];
  const page = <T>(items: T[], url: URL, max: number) => {
    const count = Math.min(max, Number(url.searchParams.get("count") ?? 10));
    const skip = Number(url.searchParams.get("skip") ?? 0);
    return items.slice(skip, skip + count);
  };
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
      if (req.method === "GET" && url.pathname === "/v1/settlements") {
        const from = Number(url.searchParams.get("from") ?? 0);
        const to = Number(url.searchParams.get("to") ?? Number.MAX_SAFE_INTEGER);
        const items = page(
          settlements.filter((x) => x.created_at >= from && x.created_at <= to),
          url,
          100,
        );
        return send(200, { entity: "collection", count: items.length, items });
      }
      if (req.method === "GET" && url.pathname === "/v1/settlements/recon/combined") {
        const year = Number(url.searchParams.get("year"));
        const month = Number(url.searchParams.get("month"));
        const day = url.searchParams.get("day") ? Number(url.searchParams.get("day")) : null;
        if (!year || !(month >= 1 && month <= 12))
          return send(400, {
            error: { code: "BAD_REQUEST_ERROR", description: "The month must be between 1 and 12" },
          });
        const items = page(
          reconItems.filter((i) => {
            const p = istParts(i.settled_at);
            return p.year === year && p.month === month && (day === null || p.day === day);
          }),
          url,
          1000,
        );
        state.reconCalls++;
        return send(200, { entity: "collection", count: items.length, items });
      }
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
    settlements,
    reconItems,
    /**
     * Settle lines at `at` in one settlement, as Razorpay does: each payment credited less its fee (2%, with 18%
     * GST on it, both in `fee`, the GST also in `tax`), each refund debited. Returns the settlement.
     */
    settle(lines: FakeSettleLine[], at: Date): FakeSettlement {
      const id = `setl_${crypto.randomBytes(7).toString("hex")}`;
      const utr = `UTR${crypto.randomBytes(6).toString("hex").toUpperCase()}`;
      const unix = Math.floor(at.getTime() / 1000);
      const items = lines.map((l): FakeReconItem => {
        const base = l.type === "payment" ? Math.round(l.amount * 0.02) : 0;
        const tax = Math.round(base * 0.18);
        return {
          entity_id: l.id,
          type: l.type,
          debit: l.type === "refund" ? l.amount : 0,
          credit: l.type === "payment" ? l.amount - base - tax : 0,
          amount: l.amount,
          currency: "INR",
          fee: base + tax,
          tax,
          on_hold: false,
          settled: true,
          created_at: unix - 86_400,
          settled_at: unix,
          settlement_id: id,
          settlement_utr: utr,
          payment_id: l.type === "refund" ? l.paymentId : null,
          order_id: l.type === "payment" ? (l.orderId ?? null) : null,
          method: l.type === "payment" ? "upi" : null,
        };
      });
      reconItems.push(...items);
      const settlement: FakeSettlement = {
        id,
        entity: "settlement",
        amount: items.reduce((n, i) => n + i.credit - i.debit, 0),
        status: "processed",
        fees: items.reduce((n, i) => n + i.fee, 0),
        tax: items.reduce((n, i) => n + i.tax, 0),
        utr,
        created_at: unix,
      };
      settlements.push(settlement);
      return settlement;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
