import { todayInIndia } from "~/shared/ist-dates";

/*
 * The money reconciliation's rules (issue 45, decision 068), pure: which online payments Razorpay has settled
 * (each settlement's payments, refunds, fees, GST on fees and net), which it should have by now (T+3 working
 * days), settled payments the shop has no order for, refunds no settlement has deducted yet, and cash on
 * delivery the couriers still hold. Amounts are paise; days are India's.
 */

/** Razorpay settles T+2 working days on its standard cycle; a payment not settled after 3 is reported missing. */
export const SETTLEMENT_WORKING_DAYS = 3;
/** Couriers pay COD over about a week after delivery (Shiprocket's standard cycle); later than this is late. */
export const COD_REMITTANCE_DAYS = 8;

const DAY = 86_400_000;

/** A date in India ("2026-11-28") as the UTC midnight of that calendar day, for day arithmetic. */
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Whether banks in India work on that calendar day: not a Sunday, nor the second or fourth Saturday of the
 * month (RBI's rule). Public holidays differ by state and are not known here: a payment due on one is at most
 * a day early in the list.
 */
export function isBankWorkingDay(iso: string): boolean {
  const d = dayOf(iso);
  const weekday = d.getUTCDay();
  if (weekday === 0) return false;
  if (weekday === 6) {
    const nth = Math.floor((d.getUTCDate() - 1) / 7) + 1;
    if (nth === 2 || nth === 4) return false;
  }
  return true;
}

/** The India date `n` bank working days after the India date of `at` (T+n). */
export function workingDaysAfter(at: Date, n: number): string {
  let d = dayOf(todayInIndia(at));
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + DAY);
    if (isBankWorkingDay(isoOf(d))) left--;
  }
  return isoOf(d);
}

/** Whole days from the India date of `from` to the India date of `now`. */
export function daysBetween(from: Date, now: Date): number {
  return Math.round((dayOf(todayInIndia(now)).getTime() - dayOf(todayInIndia(from)).getTime()) / DAY);
}

/** The orders a payment or refund belongs to, as staff find them ("NL-1042"), with their admin pages. */
export type OrderLink = { ref: string; href: string };

export type ShopPayment = { paymentId: string; amount: number; paidAt: Date; orders: OrderLink[] };
export type ShopRefund = {
  refundId: string;
  paymentId: string | null;
  amount: number;
  at: Date;
  orders: OrderLink[];
};
export type SettlementLine = {
  entityId: string;
  type: string;
  settlementId: string;
  utr: string | null;
  paymentId: string | null;
  amount: number;
  fee: number;
  tax: number;
  debit: number;
  credit: number;
  settledAt: Date;
};
/** What Razorpay reported for a settlement as a whole (GET /v1/settlements), when it was read. */
export type SettlementReported = {
  id: string;
  amount: number;
  fees: number;
  tax: number;
  utr: string | null;
};

export type SettlementSummary = {
  id: string;
  utr: string | null;
  settledAt: Date;
  payments: number;
  /** What shoppers paid (the payments' amounts), refunds and adjustments taken back, Razorpay's fees and GST. */
  paid: number;
  refunds: number;
  adjustments: number;
  fees: number;
  gstOnFees: number;
  /** Credits less debits: what the bank received. */
  net: number;
  /** Razorpay's own figure for the settlement, and whether the lines add up to it (null: not read). */
  reported: number | null;
  addsUp: boolean | null;
};

export type Reconciliation = {
  settlements: SettlementSummary[];
  totals: Omit<SettlementSummary, "id" | "utr" | "settledAt" | "reported" | "addsUp">;
  /** Paid in the period, not in any settlement: past T+3 working days (`overdue`) or still on time. */
  unsettled: (ShopPayment & { dueBy: string; overdue: boolean })[];
  /** Settled in the period, but no order of the shop was paid with them. */
  unknownPayments: SettlementLine[];
  /** Settled for another amount than the orders took. */
  amountDifferences: { line: SettlementLine; payment: ShopPayment }[];
  /** Razorpay refunds made in the period that no settlement has deducted yet, oldest first. */
  undeductedRefunds: (ShopRefund & { days: number; overdue: boolean })[];
};

/** What a settlement's lines add up to (Razorpay's figure not yet compared). */
export type SettlementSums = Omit<SettlementSummary, "reported" | "addsUp">;

/**
 * The definition of a settlement's figures from its lines: payments credited less their fee (GST inside it,
 * `tax`), refunds and adjustments debited. The money page's SQL (reconciliation.server.ts) adds them up the same
 * way in the database; an integration test checks both agree.
 */
export function settlementSums(lines: readonly SettlementLine[]): SettlementSums[] {
  const byId = new Map<string, SettlementSums>();
  for (const line of lines) {
    let s = byId.get(line.settlementId);
    if (!s) {
      s = {
        id: line.settlementId,
        utr: line.utr,
        settledAt: line.settledAt,
        payments: 0,
        paid: 0,
        refunds: 0,
        adjustments: 0,
        fees: 0,
        gstOnFees: 0,
        net: 0,
      };
      byId.set(line.settlementId, s);
    }
    if (line.settledAt < s.settledAt) s.settledAt = line.settledAt;
    s.utr ??= line.utr;
    s.fees += line.fee - line.tax;
    s.gstOnFees += line.tax;
    s.net += line.credit - line.debit;
    if (line.type === "payment") {
      s.payments++;
      s.paid += line.amount;
    } else if (line.type === "refund") s.refunds += line.debit - line.credit;
    else s.adjustments += line.debit - line.credit;
  }
  return [...byId.values()].sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime());
}

/**
 * Reconcile a period from what the database found: the sums of the settlements made in it (and Razorpay's own
 * figures for them), the payments made in it that no settlement holds, the settled payments that are no order's
 * or another amount, and the refunds made in it that no settlement has taken back. Adds the checks, the totals,
 * the due dates (T+3 bank working days) and the ages.
 */
export function reconcile(input: {
  settlements: readonly SettlementSums[];
  reported: readonly SettlementReported[];
  unsettled: readonly ShopPayment[];
  unknownPayments: readonly SettlementLine[];
  amountDifferences: readonly { line: SettlementLine; payment: ShopPayment }[];
  undeducted: readonly ShopRefund[];
  now: Date;
}): Reconciliation {
  const today = todayInIndia(input.now);
  const reported = new Map(input.reported.map((s) => [s.id, s]));
  const settlements = [...input.settlements]
    .sort((a, b) => a.settledAt.getTime() - b.settledAt.getTime())
    .map((s): SettlementSummary => {
      const r = reported.get(s.id);
      return {
        ...s,
        utr: s.utr ?? r?.utr ?? null,
        reported: r ? r.amount : null,
        addsUp: r ? r.amount === s.net : null,
      };
    });
  const totals = { payments: 0, paid: 0, refunds: 0, adjustments: 0, fees: 0, gstOnFees: 0, net: 0 };
  for (const s of settlements)
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s[k];
  const unsettled = input.unsettled
    .map((p) => {
      const dueBy = workingDaysAfter(p.paidAt, SETTLEMENT_WORKING_DAYS);
      return { ...p, dueBy, overdue: today > dueBy };
    })
    .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const undeductedRefunds = input.undeducted
    .map((r) => ({
      ...r,
      days: daysBetween(r.at, input.now),
      overdue: today > workingDaysAfter(r.at, SETTLEMENT_WORKING_DAYS),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    settlements,
    totals,
    unsettled,
    unknownPayments: [...input.unknownPayments],
    amountDifferences: [...input.amountDifferences],
    undeductedRefunds,
  };
}

/** A delivered COD order and what its couriers' reports say they paid over for it. */
export type CodParcel = {
  order: OrderLink;
  awb: string | null;
  courier: string | null;
  amount: number;
  deliveredAt: Date;
  remitted: number;
  remittedOn: string | null;
};

export type CodState = {
  /** Paid over in full (or more). */
  remitted: CodParcel[];
  /** Paid over, but less than the order's amount. */
  short: (CodParcel & { missing: number })[];
  /** Nothing paid over yet: cash with the courier, for `days` since delivery; late past COD_REMITTANCE_DAYS. */
  outstanding: (CodParcel & { days: number; late: boolean })[];
  outstandingAmount: number;
};

/** Sort delivered COD parcels into remitted, short and still with the courier. */
export function codState(parcels: readonly CodParcel[], now: Date): CodState {
  const out: CodState = { remitted: [], short: [], outstanding: [], outstandingAmount: 0 };
  for (const p of parcels) {
    if (p.remitted >= p.amount) out.remitted.push(p);
    else if (p.remitted > 0) {
      out.short.push({ ...p, missing: p.amount - p.remitted });
      out.outstandingAmount += p.amount - p.remitted;
    } else {
      const days = daysBetween(p.deliveredAt, now);
      out.outstanding.push({ ...p, days, late: days > COD_REMITTANCE_DAYS });
      out.outstandingAmount += p.amount;
    }
  }
  out.outstanding.sort((a, b) => b.days - a.days);
  return out;
}
