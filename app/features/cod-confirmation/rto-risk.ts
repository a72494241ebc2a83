import { formatRupees } from "~/shared/money";

/*
 * RTO risk of a COD order (issue 30), explainable: a level (low, medium, high) and the reasons behind it, from
 * the shop's own history only (this phone, e-mail or address; this PIN in this shop), the order's value and
 * its address. Pure rules; the server gathers the facts (rto-risk.server.ts). Points add up: 4 or more is
 * high, 2 or 3 medium, less low. Reasons that lower the risk are listed too.
 */

export const RISK_LEVELS = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export type RiskFacts = {
  /** Earlier orders with this phone, e-mail or address: returned to origin, cancelled, delivered, in all. */
  prior: { rto: number; cancelled: number; delivered: number; total: number };
  /** COD parcels to this PIN in this shop: shipped (dispatched, delivered or returned) and returned. */
  pin: { code: string; shipped: number; rto: number };
  orderValue: number;
  /** The address's first line (house, street). */
  address1: string;
};

export type RiskReason = { points: number; text: string };
export type RiskAssessment = { level: RiskLevel; points: number; reasons: RiskReason[] };

/** PIN rates are read only once the shop has shipped this many COD parcels there. */
export const PIN_MIN_PARCELS = 5;
export const HIGH_VALUE = 5_000;
export const VERY_HIGH_VALUE = 15_000;

const orders = (n: number) => `${n} earlier order${n === 1 ? "" : "s"}`;

export function assessRtoRisk(f: RiskFacts): RiskAssessment {
  const reasons: RiskReason[] = [];
  const add = (points: number, text: string) => reasons.push({ points, text });
  if (f.prior.rto > 0) add(3, `${orders(f.prior.rto)} with this phone, e-mail or address came back (RTO)`);
  if (f.prior.cancelled >= 2)
    add(2, `${orders(f.prior.cancelled)} with this phone, e-mail or address cancelled`);
  else if (f.prior.cancelled === 1) add(1, "1 earlier order with this phone, e-mail or address cancelled");
  if (f.prior.total === 0) add(1, "First order from this phone, e-mail and address");
  else if (f.prior.delivered > 0 && f.prior.rto === 0)
    add(-1, `${orders(f.prior.delivered)} delivered to this shopper before`);
  if (f.pin.shipped >= PIN_MIN_PARCELS) {
    const rate = f.pin.rto / f.pin.shipped;
    const text = `PIN ${f.pin.code}: ${f.pin.rto} of ${f.pin.shipped} COD parcels came back (${Math.round(rate * 100)}%)`;
    if (rate >= 0.3) add(2, text);
    else if (rate >= 0.15) add(1, text);
  }
  if (f.orderValue >= VERY_HIGH_VALUE)
    add(2, `Order value ${formatRupees(f.orderValue)} (${formatRupees(VERY_HIGH_VALUE)} or more)`);
  else if (f.orderValue >= HIGH_VALUE)
    add(1, `Order value ${formatRupees(f.orderValue)} (${formatRupees(HIGH_VALUE)} or more)`);
  const line = f.address1.trim();
  if (!/\d/.test(line)) add(1, "Address has no house or flat number");
  if (line.replace(/[^\p{L}\p{N}]/gu, "").length < 8) add(1, "Address line is very short");
  const points = reasons.reduce((s, r) => s + r.points, 0);
  return { level: points >= 4 ? "high" : points >= 2 ? "medium" : "low", points, reasons };
}

export const RISK_LABELS: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High" };
