import { sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { paymentGateway } from "~/features/payments/gateway.server";
import {
  fetchSettlementRecon,
  fetchSettlements,
  type RazorpayReconItem,
} from "~/features/payments/razorpay.server";
import {
  reconcile,
  type OrderLink,
  type Reconciliation,
  type SettlementLine,
  type ShopPayment,
  type ShopRefund,
} from "./reconciliation";
import { SETTLEMENT_LINE_TYPES } from "./tables.server";

/*
 * The money reconciliation's reads and writes (issue 45, decision 068): Razorpay's settlements fetched through
 * the typed client (daily job and "Fetch now") into gateway_settlements / gateway_settlement_lines, the shop's
 * payments and refunds read from the orders, and the couriers' COD remittances uploaded as CSV.
 */

export const SETTLEMENT_FETCH_JOB = "fetch-razorpay-settlements";

const iso = (d: Date) => d.toISOString();
export const linkOf = (kind: OrderKind, id: string): OrderLink => ({
  ref: displayId(kind, id),
  href: kind === "order" ? `/admin/purchases?order=${id}` : `/admin/custom-neon?order=${id}`,
});

type Month = { year: number; month: number };

/** The months of [from, to) in India, oldest first (at most 24). */
export function monthsOf(from: Date, to: Date): Month[] {
  const ist = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000);
  const a = ist(from);
  const b = ist(new Date(to.getTime() - 1));
  const out: Month[] = [];
  let y = a.getUTCFullYear();
  let m = a.getUTCMonth() + 1;
  while (
    (y < b.getUTCFullYear() || (y === b.getUTCFullYear() && m <= b.getUTCMonth() + 1)) &&
    out.length < 24
  ) {
    out.push({ year: y, month: m });
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return out;
}

export type FetchResult = { ok: boolean; message: string; lines: number; settlements: number };

const lineType = (t: string) =>
  (SETTLEMENT_LINE_TYPES as readonly string[]).includes(t)
    ? (t as (typeof SETTLEMENT_LINE_TYPES)[number])
    : "other";

async function storeLines(items: readonly RazorpayReconItem[]): Promise<number> {
  // One row per line (a line listed twice across pages is kept once: an upsert may not touch a row twice).
  const rows = [
    ...new Map(
      items
        .filter((i) => i.settlement_id && i.settled_at)
        .map((i) => [`${lineType(i.type)} ${i.entity_id}`, i]),
    ).values(),
  ];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db().execute(sql`
      insert into gateway_settlement_lines
        (entity_id, type, settlement_id, utr, payment_id, razorpay_order_id, amount, fee, tax, debit, credit, settled_at)
      values ${sql.join(
        chunk.map((r) => {
          const type = lineType(r.type);
          const paymentId = type === "payment" ? r.entity_id : (r.payment_id ?? null);
          return sql`(${r.entity_id}, ${type}, ${r.settlement_id}, ${r.settlement_utr ?? null}, ${paymentId},
            ${r.order_id ?? null}, ${r.amount}, ${r.fee ?? 0}, ${r.tax ?? 0}, ${r.debit}, ${r.credit},
            to_timestamp(${r.settled_at}))`;
        }),
        sql`, `,
      )}
      on conflict (entity_id, type) do update set
        settlement_id = excluded.settlement_id, utr = excluded.utr, payment_id = excluded.payment_id,
        razorpay_order_id = excluded.razorpay_order_id, amount = excluded.amount, fee = excluded.fee,
        tax = excluded.tax, debit = excluded.debit, credit = excluded.credit, settled_at = excluded.settled_at,
        fetched_at = now()`);
  }
  return rows.length;
}

/**
 * Read the months' settlement lines and settlements from Razorpay and keep them (a repeated fetch updates the
 * same rows). Without Razorpay keys nothing can be read: the answer says so and the page shows it.
 */
export async function fetchSettlementMonths(months: readonly Month[]): Promise<FetchResult> {
  const label = months.map((m) => `${m.year}-${String(m.month).padStart(2, "0")}`).join(", ");
  const g = paymentGateway();
  let result: FetchResult;
  if (g.mode !== "razorpay") {
    result = {
      ok: false,
      message:
        "Razorpay's keys are not set (Settings > Keys), so settlements cannot be read: the shop takes test payments or none, and Razorpay settles nothing.",
      lines: 0,
      settlements: 0,
    };
  } else {
    try {
      let lines = 0;
      for (const m of months) lines += await storeLines(await fetchSettlementRecon(g.credentials, m));
      const first = months[0]!;
      const last = months.at(-1)!;
      const from = Math.floor(
        Date.parse(`${first.year}-${String(first.month).padStart(2, "0")}-01T00:00:00+05:30`) / 1000,
      );
      const end = new Date(Date.UTC(last.year, last.month, 1) - 5.5 * 3_600_000);
      const list = await fetchSettlements(g.credentials, { from, to: Math.floor(end.getTime() / 1000) - 1 });
      for (const s of list)
        await db().execute(sql`
          insert into gateway_settlements (id, amount, fees, tax, utr, status, settled_at)
          values (${s.id}, ${s.amount}, ${s.fees}, ${s.tax}, ${s.utr ?? null}, ${s.status}, to_timestamp(${s.created_at}))
          on conflict (id) do update set amount = excluded.amount, fees = excluded.fees, tax = excluded.tax,
            utr = excluded.utr, status = excluded.status, settled_at = excluded.settled_at, fetched_at = now()`);
      result = {
        ok: true,
        message: `Read ${lines} settled lines in ${list.length} settlements (${label}).`,
        lines,
        settlements: list.length,
      };
    } catch (e) {
      logger.warn({ err: (e as Error).message, months: label }, "settlement fetch failed");
      result = { ok: false, message: (e as Error).message, lines: 0, settlements: 0 };
    }
  }
  await db().execute(sql`
    insert into settlement_fetches (months, ok, lines, settlements, message)
    values (${label}, ${result.ok}, ${result.lines}, ${result.settlements}, ${result.message})`);
  return result;
}

/** The daily job: this month's and last month's settlements (a settlement of the 1st carries last month's payments). */
export async function dailySettlementFetch(now: Date = new Date()): Promise<FetchResult | null> {
  if (paymentGateway().mode !== "razorpay") return null;
  const months = monthsOf(new Date(now.getTime() - 35 * 86_400_000), new Date(now.getTime() + 1));
  return fetchSettlementMonths(months.slice(-2));
}

export async function lastSettlementFetch() {
  const r = await db().execute<{ started_at: Date; ok: boolean; message: string | null; months: string }>(sql`
    select started_at, ok, message, months from settlement_fetches order by started_at desc limit 1`);
  const row = r.rows[0];
  return row
    ? { at: new Date(row.started_at), ok: row.ok, message: row.message ?? "", months: row.months }
    : null;
}

/**
 * The shop's Razorpay payments (orders sharing one checkout's payment summed) over both order tables, each
 * order's rows restricted by `where` (on the table's own columns) before its paid time is looked up.
 */
const shopPayments = (where: SQL) => sql`
  with o as (
    select razorpay_payment_id as payment_id, total_amount, 'order'::text as kind, id, created_at,
           (select min(h.created_at) from order_status_history h
             where h.order_id = t.id and h.field = 'payment_status' and h.to_value = 'paid') as paid_at
      from orders t where razorpay_payment_id is not null and not is_test and ${where}
    union all
    select razorpay_payment_id, total_amount, 'custom', id, created_at,
           (select min(h.created_at) from order_status_history h
             where h.custom_order_id = t.id and h.field = 'payment_status' and h.to_value = 'paid')
      from custom_neon_orders t where razorpay_payment_id is not null and not is_test and ${where}
  )`;

type PaymentRow = {
  payment_id: string;
  amount: string;
  paid_at: Date;
  orders: { kind: OrderKind; id: string }[];
};
const toPayment = (r: PaymentRow): ShopPayment => ({
  paymentId: r.payment_id,
  amount: Number(r.amount),
  paidAt: new Date(r.paid_at),
  orders: r.orders.map((o) => linkOf(o.kind, o.id)),
});
const paymentColumns = sql`payment_id, sum(total_amount) * 100 as amount,
  min(coalesce(paid_at, created_at)) as paid_at, json_agg(json_build_object('kind', kind, 'id', id)) as orders`;

type LineRow = {
  entity_id: string;
  settlement_id: string;
  utr: string | null;
  amount: string;
  settled_at: Date;
  shop_amount: string | null;
  orders: string[] | null;
};
const paymentLine = (r: LineRow): SettlementLine => ({
  entityId: r.entity_id,
  type: "payment",
  settlementId: r.settlement_id,
  utr: r.utr,
  paymentId: r.entity_id,
  amount: Number(r.amount),
  fee: 0,
  tax: 0,
  debit: 0,
  credit: Number(r.amount),
  settledAt: new Date(r.settled_at),
});
/** "order:<id>" / "custom:<id>" as array_agg writes them. */
const linksOf = (orders: readonly string[]) =>
  orders.map((o) => linkOf(o.slice(0, o.indexOf(":")) as OrderKind, o.slice(o.indexOf(":") + 1)));

/**
 * Reconcile [from, to): settlements made in it, payments and refunds made in it. The database adds up the
 * settlements (settlementSums' rule) and returns only what does not match, so a year of 60,000 payments stays
 * a few hundred rows (docs/performance.md); five queries run side by side.
 */
export async function reconciliation(from: Date, to: Date, now: Date = new Date()): Promise<Reconciliation> {
  const inPeriod = (column: SQL) =>
    sql`${column} >= ${iso(from)}::timestamptz and ${column} < ${iso(to)}::timestamptz`;
  const notSettled = (id: SQL) =>
    sql`not exists (select 1 from gateway_settlement_lines l where l.type = 'payment' and l.entity_id = ${id})`;
  const [sums, reported, unsettled, lines, refunds] = await Promise.all([
    db().execute<Record<string, string | Date | null>>(sql`
      select settlement_id as id, min(utr) as utr, min(settled_at) as settled_at,
             count(*) filter (where type = 'payment') as payments,
             coalesce(sum(amount) filter (where type = 'payment'), 0) as paid,
             coalesce(sum(debit - credit) filter (where type = 'refund'), 0) as refunds,
             coalesce(sum(debit - credit) filter (where type not in ('payment', 'refund')), 0) as adjustments,
             sum(fee - tax) as fees, sum(tax) as gst, sum(credit - debit) as net
        from gateway_settlement_lines where ${inPeriod(sql`settled_at`)}
       group by settlement_id`),
    db().execute<{ id: string; amount: string; fees: string; tax: string; utr: string | null }>(sql`
      select id, amount, fees, tax, utr from gateway_settlements where ${inPeriod(sql`settled_at`)}`),
    // Paid in the period and in no settlement: orders are paid soon after they are placed, a COD order's
    // "pay now" or a quote within weeks.
    db().execute<PaymentRow>(sql`${shopPayments(
      sql`t.created_at >= ${iso(from)}::timestamptz - interval '60 days' and t.created_at < ${iso(to)}::timestamptz
          and ${notSettled(sql`t.razorpay_payment_id`)}`,
    )}
      select ${paymentColumns} from o group by payment_id
      having min(coalesce(paid_at, created_at)) >= ${iso(from)}::timestamptz
         and min(coalesce(paid_at, created_at)) < ${iso(to)}::timestamptz`),
    // Payments settled in the period that are no order's, or another amount than the orders'.
    db().execute<LineRow>(sql`
      with l as (select entity_id, settlement_id, utr, amount, settled_at from gateway_settlement_lines
                  where type = 'payment' and ${inPeriod(sql`settled_at`)}),
           p as (select razorpay_payment_id as id, sum(total_amount) * 100 as amount,
                        array_agg(kind || ':' || id) as orders
                   from (select razorpay_payment_id, total_amount, 'order' as kind, id::text from orders
                          where not is_test and razorpay_payment_id in (select entity_id from l)
                         union all
                         select razorpay_payment_id, total_amount, 'custom', id::text from custom_neon_orders
                          where not is_test and razorpay_payment_id in (select entity_id from l)) x
                  group by razorpay_payment_id)
      select l.*, p.amount as shop_amount, p.orders from l left join p on p.id = l.entity_id
       where p.id is null or p.amount <> l.amount
       order by l.settled_at, l.entity_id`),
    db().execute<{
      id: string;
      payment: string | null;
      amount: number;
      at: Date;
      kind: OrderKind;
      order_id: string;
    }>(sql`
      select razorpay_refund_id as id, razorpay_payment_id as payment, amount * 100 as amount, created_at as at,
             case when order_id is null then 'custom' else 'order' end as kind,
             coalesce(order_id, custom_order_id)::text as order_id
        from refunds
       where method = 'razorpay' and status <> 'failed' and razorpay_refund_id is not null and not is_test
         and ${inPeriod(sql`created_at`)}
         and not exists (select 1 from gateway_settlement_lines l
                          where l.type = 'refund' and l.entity_id = refunds.razorpay_refund_id)`),
  ]);
  const n = (v: string | Date | null | undefined) => Number(v ?? 0);
  return reconcile({
    settlements: sums.rows.map((r) => ({
      id: String(r.id),
      utr: (r.utr as string | null) ?? null,
      settledAt: new Date(r.settled_at as string),
      payments: n(r.payments),
      paid: n(r.paid),
      refunds: n(r.refunds),
      adjustments: n(r.adjustments),
      fees: n(r.fees),
      gstOnFees: n(r.gst),
      net: n(r.net),
    })),
    reported: reported.rows.map((r) => ({
      id: r.id,
      amount: Number(r.amount),
      fees: Number(r.fees),
      tax: Number(r.tax),
      utr: r.utr,
    })),
    unsettled: unsettled.rows.map(toPayment),
    unknownPayments: lines.rows.filter((r) => r.shop_amount === null).map(paymentLine),
    amountDifferences: lines.rows
      .filter((r) => r.shop_amount !== null)
      .map((r) => ({
        line: paymentLine(r),
        payment: {
          paymentId: r.entity_id,
          amount: Number(r.shop_amount),
          paidAt: new Date(r.settled_at),
          orders: linksOf(r.orders ?? []),
        },
      })),
    undeducted: refunds.rows.map((r): ShopRefund => ({
      refundId: r.id,
      paymentId: r.payment,
      amount: Number(r.amount),
      at: new Date(r.at),
      orders: [linkOf(r.kind, r.order_id)],
    })),
    now,
  });
}

/** One line of a settlement with the orders it paid (or the refund's order), for the settlement's own list. */
export type SettlementDetailLine = {
  entityId: string;
  type: string;
  amount: number;
  fee: number;
  tax: number;
  net: number;
  orders: OrderLink[];
};

/** A settlement's lines with their orders (at most 2,000), or null when the shop has no such settlement. */
export async function settlementDetail(id: string) {
  if (!/^setl_[A-Za-z0-9]{1,40}$/.test(id)) return null;
  const r = await db().execute<{
    entity_id: string;
    type: string;
    amount: string;
    fee: string;
    tax: string;
    net: string;
    utr: string | null;
    settled_at: Date;
    orders: string[] | null;
  }>(sql`
    select l.entity_id, l.type, l.amount, l.fee, l.tax, l.credit - l.debit as net, l.utr, l.settled_at,
           (select array_agg(x.ref) from (
              select 'order:' || o.id as ref from orders o where o.razorpay_payment_id = l.payment_id
              union all
              select 'custom:' || c.id from custom_neon_orders c where c.razorpay_payment_id = l.payment_id) x) as orders
      from gateway_settlement_lines l
     where l.settlement_id = ${id}
     order by l.type, l.entity_id
     limit 2000`);
  if (r.rows.length === 0) return null;
  return {
    id,
    utr: r.rows[0]!.utr,
    settledAt: new Date(r.rows[0]!.settled_at),
    lines: r.rows.map((x): SettlementDetailLine => ({
      entityId: x.entity_id,
      type: x.type,
      amount: Number(x.amount),
      fee: Number(x.fee),
      tax: Number(x.tax),
      net: Number(x.net),
      orders: linksOf(x.orders ?? []),
    })),
  };
}
