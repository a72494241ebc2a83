import { formatIsoDate } from "./ist-dates";
import { formatRupees } from "./money";

/*
 * Discount codes, pure: whether a code may be used now by this shopper for this cart, how much it takes
 * off (whole rupees, never more than the goods it applies to), and how that amount is shared between the
 * lines (so each stored order carries its own part). The server reads the code and its uses from the
 * database (inside the order transaction, the code's row locked) and decides with these.
 */

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const APPLIES_TO = ["all", "ready-made", "custom"] as const;
export type AppliesTo = (typeof APPLIES_TO)[number];

export const APPLIES_TO_LABELS: Record<AppliesTo, string> = {
  all: "Everything",
  "ready-made": "Ready-made signs",
  custom: "Custom signs",
};

export type DiscountCode = {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Percent (1-100) or rupees. */
  value: number;
  /** The goods the code applies to must come to at least this (rupees). */
  minSubtotal: number;
  appliesTo: AppliesTo;
  /** First and last day it may be used (YYYY-MM-DD, India), inclusive; null: no limit. */
  startsOn: string | null;
  endsOn: string | null;
  /** Uses in all (orders not cancelled); null: unlimited. */
  maxUses: number | null;
  /** Uses by one shopper (same phone or email); null: unlimited. */
  maxUsesPerShopper: number | null;
  isActive: boolean;
};

/** A code as typed: spaces removed, upper case. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

/** A line the code may apply to: its kind and what it costs (after any automatic offer). */
export type DiscountableLine = { key: string; kind: "product" | "custom"; amount: number };

export function appliesToLine(appliesTo: AppliesTo, kind: DiscountableLine["kind"]): boolean {
  return appliesTo === "all" || (appliesTo === "custom") === (kind === "custom");
}

export function eligibleSubtotal(code: Pick<DiscountCode, "appliesTo">, lines: DiscountableLine[]): number {
  return lines.filter((l) => appliesToLine(code.appliesTo, l.kind)).reduce((n, l) => n + l.amount, 0);
}

export type CodeUsage = { total: number; byShopper: number };

export const unknownCodeMessage = (typed: string) =>
  `"${typed.slice(0, 40)}" is not a valid discount code. Please check the spelling.`;

/**
 * Why this code cannot be used (null when it can): unknown or switched off, not valid yet, expired, used
 * up, already used by this shopper, nothing in the cart it applies to, below its minimum.
 */
export function codeRefusal(
  code: DiscountCode | undefined,
  ctx: { typed: string; today: string; usage: CodeUsage; lines: DiscountableLine[] },
): string | null {
  if (!code || !code.isActive) return unknownCodeMessage(ctx.typed);
  const c = code.code;
  if (code.startsOn && ctx.today < code.startsOn)
    return `The code ${c} is not valid yet: it can be used from ${formatIsoDate(code.startsOn)}.`;
  if (code.endsOn && ctx.today > code.endsOn)
    return `The code ${c} expired on ${formatIsoDate(code.endsOn)}.`;
  if (code.maxUses !== null && ctx.usage.total >= code.maxUses) return `The code ${c} has been used up.`;
  if (code.maxUsesPerShopper !== null && ctx.usage.byShopper >= code.maxUsesPerShopper)
    return code.maxUsesPerShopper === 1
      ? `You have already used the code ${c}.`
      : `You have already used the code ${c} ${code.maxUsesPerShopper} times, as often as it allows.`;
  const eligible = eligibleSubtotal(code, ctx.lines);
  if (eligible === 0 && code.appliesTo !== "all")
    return `The code ${c} applies to ${APPLIES_TO_LABELS[code.appliesTo].toLowerCase()} only.`;
  if (eligible < code.minSubtotal) {
    const what = code.appliesTo === "all" ? "an order" : `${APPLIES_TO_LABELS[code.appliesTo].toLowerCase()}`;
    return `The code ${c} needs ${what} of ${formatRupees(code.minSubtotal)} or more: add ${formatRupees(code.minSubtotal - eligible)} more to use it.`;
  }
  return null;
}

/** What the code takes off: a whole number of rupees, never more than the goods it applies to. */
export function discountAmount(code: Pick<DiscountCode, "kind" | "value">, eligible: number): number {
  const raw = code.kind === "percent" ? Math.round((eligible * code.value) / 100) : code.value;
  return Math.max(0, Math.min(raw, eligible));
}

/**
 * An amount shared between lines in proportion to their amounts, in whole rupees (largest remainders get
 * the rupees left over), never more than a line's own amount. The parts add up to the amount.
 */
export function allocate(amount: number, lines: { key: string; amount: number }[]): Map<string, number> {
  const total = lines.reduce((n, l) => n + l.amount, 0);
  const out = new Map<string, number>(lines.map((l) => [l.key, 0]));
  if (amount <= 0 || total <= 0) return out;
  const capped = Math.min(amount, total);
  const shares = lines.map((l) => {
    const exact = (capped * l.amount) / total;
    return { key: l.key, floor: Math.floor(exact), rest: exact - Math.floor(exact), max: l.amount };
  });
  let left = capped - shares.reduce((n, s) => n + s.floor, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || b.max - a.max)) {
    if (left === 0) break;
    if (s.floor < s.max) {
      s.floor++;
      left--;
    }
  }
  for (const s of shares) out.set(s.key, s.floor);
  return out;
}

/** The code's discount on these lines: the amount and each line's part (lines it does not apply to get 0). */
export function applyCode(code: DiscountCode, lines: DiscountableLine[]) {
  const eligible = lines.filter((l) => appliesToLine(code.appliesTo, l.kind));
  const amount = discountAmount(code, eligibleSubtotal(code, lines));
  return { code: code.code, amount, byLine: allocate(amount, eligible) };
}

/** "20% off" or "₹500 off" */
export function discountLabel(code: Pick<DiscountCode, "kind" | "value">): string {
  return code.kind === "percent" ? `${code.value}% off` : `${formatRupees(code.value)} off`;
}
