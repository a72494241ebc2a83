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
export type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  notes: unknown;
};

/**
 * A fake Razorpay HTTP API for tests (the two calls the shop makes): POST /v1/orders and
 * GET /v1/orders/:id/payments, with HTTP Basic auth checked against the given key.
 */
export async function startFakeRazorpay(keyId: string, keySecret: string) {
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment[]>();
  const state = { failNextCreate: 0, requests: 0 };
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
      send(404, { error: { code: "NOT_FOUND", description: "not found" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    state,
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
