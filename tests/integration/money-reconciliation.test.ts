import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/db/tables.server";
import { loader as moneyLoader, action as moneyAction } from "~/features/month-end/routes/admin-money";
import { moneyFigures } from "~/features/month-end/money-figures.server";
import {
  dailySettlementFetch,
  fetchSettlementMonths,
  SETTLEMENT_FETCH_JOB,
} from "~/features/month-end/reconciliation.server";
import { codRemittances, gatewaySettlementLines } from "~/features/month-end/tables.server";
import { JOBS } from "~/wiring/jobs.server";
import { settlementSums } from "~/features/month-end/reconciliation";
import { adminSession, type AdminSession } from "../support/admin-session";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { insertOrder } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { countRows, setupTestDatabase } from "../support/test-db";

/*
 * Issue 45's reconciliation against a fake Razorpay settlements API: October 2026's online payments, settled,
 * missing, unknown and short; refunds deducted and not; COD parcels remitted (an uploaded report) or not.
 */

const fake = await startFakeRazorpay();
setupTestDatabase({ PUBLIC_URL: "http://shop.test", ...fakeRazorpayEnv(fake) });

const ist = (iso: string) => new Date(`${iso}+05:30`);

/** An online order paid with `paymentId` at `paidAt` (its history row says so), placed a minute before. */
async function paidOrder(rupees: number, paymentId: string, paidAt: string) {
  const o = await insertOrder(
    {
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      status: "in_production",
      razorpayPaymentId: paymentId,
      createdAt: new Date(ist(paidAt).getTime() - 60_000),
    },
    [{ price: rupees }],
  );
  await db().execute(sql`insert into order_status_history (order_id, field, from_value, to_value, created_at)
    values (${o.id}, 'payment_status', 'pending', 'paid', ${ist(paidAt).toISOString()}::timestamptz)`);
  return o;
}

/** A COD order delivered at `deliveredAt`, booked with the courier under `awb` (or only its tracking number). */
async function deliveredCod(rupees: number, awb: string, deliveredAt: string, booked: boolean) {
  const o = await insertOrder(
    {
      paymentMethod: "cod",
      paymentStatus: "paid",
      status: "delivered",
      courier: booked ? null : "Delhivery",
      trackingNumber: booked ? null : awb,
      createdAt: new Date(ist(deliveredAt).getTime() - 5 * 86_400_000),
    },
    [{ price: rupees }],
  );
  await db().execute(sql`insert into order_status_history (order_id, field, from_value, to_value, created_at)
    values (${o.id}, 'status', 'dispatched', 'delivered', ${ist(deliveredAt).toISOString()}::timestamptz)`);
  if (booked)
    await db()
      .execute(sql`insert into shipments (order_kind, order_id, provider, awb, courier_name, courier_charge, cod, booked_at)
      values ('order', ${o.id}, 'shiprocket', ${awb}, 'Xpressbees', 95, true, ${ist(deliveredAt).toISOString()}::timestamptz)`);
  return o;
}

async function refund(orderId: string, rupees: number, paymentId: string, refundId: string, at: string) {
  await db()
    .execute(sql`insert into refunds (order_id, amount, method, status, reason, razorpay_payment_id, razorpay_refund_id, created_at)
    values (${orderId}, ${rupees}, 'razorpay', 'processed', 'Changed mind', ${paymentId}, ${refundId}, ${ist(at).toISOString()}::timestamptz)`);
}

let owner: AdminSession;
const ids: Record<string, string> = {};

beforeAll(async () => {
  owner = await adminSession("owner@example.com");
  const A = await paidOrder(2000, "pay_A", "2026-10-05T11:00:00");
  // One checkout of two orders paid with one payment (₹1,000 + ₹1,500).
  const B1 = await paidOrder(1000, "pay_B", "2026-10-06T12:00:00");
  await paidOrder(1500, "pay_B", "2026-10-06T12:00:00");
  const C = await paidOrder(3000, "pay_C", "2026-10-10T09:00:00"); // never settled
  const E = await paidOrder(1200, "pay_E", "2026-10-03T10:00:00"); // refunded in full, refund not deducted
  const F = await paidOrder(800, "pay_F", "2026-10-04T10:00:00"); // settled for ₹700
  await paidOrder(5000, "pay_T", "2026-10-08T10:00:00").then((t) =>
    db().execute(sql`update orders set is_test = true where id = ${t.id}`),
  );
  Object.assign(ids, { A: A.id, B1: B1.id, C: C.id, E: E.id, F: F.id });
  await refund(A.id, 500, "pay_A", "rfnd_A1", "2026-10-15T10:00:00");
  await refund(E.id, 1200, "pay_E", "rfnd_E1", "2026-10-25T10:00:00");
  fake.settle(
    [
      { type: "payment", id: "pay_A", amount: 200_000 },
      { type: "payment", id: "pay_B", amount: 250_000 },
      { type: "payment", id: "pay_E", amount: 120_000 },
      { type: "payment", id: "pay_F", amount: 70_000 },
    ],
    ist("2026-10-07T10:30:00"),
  );
  fake.settle(
    [
      { type: "payment", id: "pay_UNKNOWN", amount: 50_000 },
      { type: "refund", id: "rfnd_A1", paymentId: "pay_A", amount: 50_000 },
    ],
    ist("2026-10-20T10:30:00"),
  );
  fake.settle([{ type: "payment", id: "pay_NOV", amount: 10_000 }], ist("2026-11-03T10:30:00"));
  const G = await deliveredCod(1299, "AWB100", "2026-10-12T15:00:00", true);
  const H = await deliveredCod(2499, "AWB200", "2026-10-15T15:00:00", false);
  Object.assign(ids, { G: G.id, H: H.id });
});

const page = (s: AdminSession, period = "2026-10") =>
  outcome(callRoute(moneyLoader, s.request(`/admin/money?period=${period}`)));
const post = (s: AdminSession, form: FormData | Record<string, string>) =>
  outcome(callRoute(moneyAction, s.request("/admin/money?period=2026-10", { form })));
const csvForm = (text: string, name = "remittance.csv") => {
  const f = new FormData();
  f.set("intent", "upload-cod");
  f.set("file", new File([text], name, { type: "text/csv" }));
  return f;
};

describe("Razorpay settlements", () => {
  it("are read on demand for the page's months, and again without doubling", async () => {
    const r = await post(owner, { intent: "fetch", period: "2026-10" });
    expect(r).toMatchObject({ status: 200, body: { ok: true } });
    expect(r.body.message).toMatch(/Read 6 settled lines in 2 settlements \(2026-10\)/);
    // A second press within a minute is answered without asking Razorpay again; a read repeated doubles nothing.
    const calls = fake.state.reconCalls;
    expect(await post(owner, { intent: "fetch", period: "2026-10" })).toMatchObject({ status: 429 });
    expect(fake.state.reconCalls).toBe(calls);
    expect(await fetchSettlementMonths([{ year: 2026, month: 10 }])).toMatchObject({ ok: true, lines: 6 });
    expect(await countRows(gatewaySettlementLines)).toBe(6);
    expect(await countRows(auditLog, sql`action = 'fetch'`)).toBeGreaterThanOrEqual(1);
  });

  it("sum up per settlement: payments, refunds, fees, GST on fees and the net that Razorpay reports", async () => {
    const { status, body } = await page(owner);
    expect(status).toBe(200);
    const [s1, s2] = body.settlements.rows;
    // S1: 2,000 + 2,500 + 1,200 + 700 rupees paid; fee 2% + 18% GST.
    expect(s1).toMatchObject({
      payments: 4,
      paid: 640_000,
      refunds: 0,
      fees: 12_800,
      gstOnFees: 2_304,
      addsUp: true,
    });
    expect(s1.net).toBe(640_000 - 12_800 - 2_304);
    expect(s2).toMatchObject({
      payments: 1,
      paid: 50_000,
      refunds: 50_000,
      fees: 1_000,
      gstOnFees: 180,
      addsUp: true,
    });
    expect(body.totals).toMatchObject({ payments: 5, paid: 690_000, refunds: 50_000 });
    // The database's sums are settlementSums' rule, line for line.
    const lines = await db().execute<Record<string, string>>(sql`select * from gateway_settlement_lines
      where settled_at >= '2026-09-30T18:30:00Z' and settled_at < '2026-10-31T18:30:00Z'`);
    const rule = settlementSums(
      lines.rows.map((r) => ({
        entityId: r.entity_id!,
        type: r.type!,
        settlementId: r.settlement_id!,
        utr: r.utr ?? null,
        paymentId: r.payment_id ?? null,
        amount: Number(r.amount),
        fee: Number(r.fee),
        tax: Number(r.tax),
        debit: Number(r.debit),
        credit: Number(r.credit),
        settledAt: new Date(r.settled_at!),
      })),
    );
    expect(
      body.settlements.rows.map(({ reported: _r, addsUp: _a, ...sums }: Record<string, unknown>) => sums),
    ).toEqual(rule);
  });

  it("a settlement opens with its lines and the orders they paid", async () => {
    const { body } = await page(owner);
    const s1 = body.settlements.rows[0];
    const detail = await page(owner, `2026-10&settlement=${s1.id}`);
    const lines = detail.body.settlement.lines;
    expect(lines.map((l: { entityId: string }) => l.entityId)).toEqual(["pay_A", "pay_B", "pay_E", "pay_F"]);
    expect(lines[1].orders).toHaveLength(2);
    expect(lines[0]).toMatchObject({ amount: 200_000, fee: 4_720, net: 195_280 });
    expect((await page(owner, "2026-10&settlement=setl_nothing")).body.settlement).toBeNull();
    expect((await page(owner, "2026-10&settlement=' or 1=1 --")).body.settlement).toBeNull();
  });

  it("find the missing settlement, the unknown payment, the other amount and the refund not deducted", async () => {
    const { body } = await page(owner);
    expect(body.missing.rows.map((p: { paymentId: string }) => p.paymentId)).toEqual(["pay_C"]);
    expect(body.missing.rows[0]).toMatchObject({ amount: 300_000, dueBy: "2026-10-14", overdue: true });
    expect(body.missing.rows[0].orders[0].href).toBe(`/admin/purchases?order=${ids.C}`);
    expect(body.unknownPayments.rows.map((l: { entityId: string }) => l.entityId)).toEqual(["pay_UNKNOWN"]);
    expect(body.amountDifferences.rows).toHaveLength(1);
    expect(body.amountDifferences.rows[0]).toMatchObject({
      line: { entityId: "pay_F", amount: 70_000 },
      payment: { amount: 80_000 },
    });
    expect(body.undeductedRefunds.rows.map((r: { refundId: string }) => r.refundId)).toEqual(["rfnd_E1"]);
    // The test order's payment is never reported, and the payment of two orders is one payment, settled.
    expect(JSON.stringify(body)).not.toContain("pay_T");
    expect(JSON.stringify(body.missing)).not.toContain("pay_B");
  });

  it("runs daily from the job queue for this month and the last", async () => {
    expect(JOBS[SETTLEMENT_FETCH_JOB]?.spec.cron).toBe("0 7 * * *");
    const before = fake.state.reconCalls;
    const r = await dailySettlementFetch(ist("2026-11-04T12:00:00"));
    expect(r).toMatchObject({ ok: true, settlements: 3 });
    expect(fake.state.reconCalls - before).toBe(2);
    const nov = await page(owner, "2026-11");
    expect(nov.body.unknownPayments.rows.map((l: { entityId: string }) => l.entityId)).toEqual(["pay_NOV"]);
  });

  it("say why when Razorpay answers an error, and keep what was read before", async () => {
    const r = await fetchSettlementMonths([{ year: 2026, month: 10 }].map((m) => ({ ...m, month: 13 })));
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/Razorpay answered 400/);
    expect((await page(owner)).body.settlements.rows).toHaveLength(2);
  });
});

describe("COD remittances", () => {
  it("an uploaded report marks its parcels paid; the same report again adds nothing", async () => {
    const report =
      'AWB Code,Order ID,COD Amount,Remitted Amount,Remittance Date,UTR\r\nAWB100,NL-1,1299,"1,299.00",20-10-2026,UTR001\r\nAWB999,NL-2,500,500.00,20-10-2026,UTR001\r\n';
    expect(await post(owner, csvForm(report))).toMatchObject({
      status: 200,
      body: { ok: true, message: "2 remittance lines recorded." },
    });
    expect(await post(owner, csvForm(report))).toMatchObject({
      body: { message: "0 remittance lines recorded, 2 already known." },
    });
    const { body } = await page(owner);
    expect(body.cod.outstanding.rows.map((p: { order: { href: string } }) => p.order.href)).toEqual([
      `/admin/purchases?order=${ids.H}`,
    ]);
    expect(body.cod.outstanding.rows[0]).toMatchObject({
      awb: "AWB200",
      courier: "Delhivery",
      amount: 249_900,
      late: true,
    });
    expect(body.cod.outstandingAmount).toBe(249_900);
    expect(body.cod.unknown).toEqual([
      { awb: "AWB999", amount: 50_000, remitted_on: "2026-10-20", reference: "UTR001" },
    ]);
  });

  it("a report with a bad line records nothing and names the line", async () => {
    const before = await countRows(codRemittances);
    const bad = "AWB,Amount,Date\nAWB300,100.00,2026-10-21\nAWB301,ten rupees,2026-10-21\n";
    const r = await post(owner, csvForm(bad));
    expect(r).toMatchObject({ status: 400, body: { ok: false } });
    expect(r.body.message).toBe('Nothing was recorded: line 3: "ten rupees" is not an amount.');
    expect(await post(owner, csvForm("Name,Phone\nA,1\n"))).toMatchObject({ status: 400 });
    expect(
      (await post(owner, csvForm("AWB,Amount,Date\nAWB1,1,2026-10-01\n", "report.xlsx"))).body.message,
    ).toMatch(/CSV/);
    expect(await countRows(codRemittances)).toBe(before);
  });
});

describe("the money view", () => {
  it("adds up to what reached the bank, agreeing with the settlements and the dashboard's revenue", async () => {
    const m = await moneyFigures("2026-09-26", "2026-10-31");
    // Online: 2,000 + 2,500 + 3,000 + 1,200 + 800; COD delivered: 1,299 + 2,499 (the test order left out).
    expect(m.received).toBe(2000 + 2500 + 3000 + 1200 + 800 + 1299 + 2499);
    expect(m.refunds).toBe(500 + 1200);
    expect(m.revenue).toBe(m.received - m.refunds);
    // Fees of A, B, E, F (settled) in rupees; C is not settled.
    expect(m.gatewayFees).toBeCloseTo(((4_000 + 5_000 + 2_400 + 1_400) * 1.18) / 100, 2);
    expect(m.unsettled).toBe(1);
    expect(m.courierCharges).toBe(95);
    expect(m.codOutstanding).toBe(2499);
    expect(m.reachedBank).toBeCloseTo(m.revenue - m.gatewayFees - 95 - 2499, 2);
  });

  it("is for the Owner and Accounts only", async () => {
    const accounts = await adminSession("accounts@example.com", { role: "accounts" });
    expect((await page(accounts)).status).toBe(200);
    for (const role of ["operations", "catalogue"] as const) {
      const s = await adminSession(`${role}@example.com`, { role });
      expect((await page(s)).status).toBe(403);
      expect((await post(s, { intent: "fetch", period: "2026-10" })).status).toBe(403);
    }
    expect((await page(owner, "2026-13-Q9")).status).toBe(400);
  });
});
