import { formatIsoDate } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";

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
  /** Only this mailbox may use it (a code sent to one shopper); absent or null: anyone. */
  forEmail?: string | null;
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

/**
 * The one answer for a code that cannot be used at all: unknown, switched off, used up, or used as often
 * as it allows by this phone or mailbox. One wording for all four, so a stranger guessing codes cannot
 * tell a used-up code from a made-up one, nor learn whether somebody's phone has used a code.
 */
export const unknownCodeMessage = (typed: string) =>
  `"${typed.slice(0, 40)}" is not a valid discount code, or it can no longer be used. Please check the spelling.`;

export type CodeRefusal = {
  message: string;
  /** True for the answers that count as a wrong guess (see unknownCodeMessage); false when the code exists and only its conditions are unmet. */
  miss: boolean;
};

/**
 * Why this code cannot be used (null when it can): unknown, switched off, used up or used by this shopper
 * (one answer for these four), not valid yet, expired, nothing in the cart it applies to, below its minimum.
 */
export function codeRefusal(
  code: DiscountCode | undefined,
  ctx: { typed: string; today: string; usage: CodeUsage; lines: DiscountableLine[] },
): CodeRefusal | null {
  const refuse = (message: string): CodeRefusal => ({ message, miss: false });
  if (
    !code ||
    !code.isActive ||
    (code.maxUses !== null && ctx.usage.total >= code.maxUses) ||
    (code.maxUsesPerShopper !== null && ctx.usage.byShopper >= code.maxUsesPerShopper)
  )
    return { message: unknownCodeMessage(ctx.typed), miss: true };
  const c = code.code;
  if (code.startsOn && ctx.today < code.startsOn)
    return refuse(`The code ${c} is not valid yet: it can be used from ${formatIsoDate(code.startsOn)}.`);
  if (code.endsOn && ctx.today > code.endsOn)
    return refuse(`The code ${c} expired on ${formatIsoDate(code.endsOn)}.`);
  const eligible = eligibleSubtotal(code, ctx.lines);
  if (eligible === 0 && code.appliesTo !== "all")
    return refuse(`The code ${c} applies to ${APPLIES_TO_LABELS[code.appliesTo].toLowerCase()} only.`);
  if (eligible < code.minSubtotal) {
    const what = code.appliesTo === "all" ? "an order" : `${APPLIES_TO_LABELS[code.appliesTo].toLowerCase()}`;
    return refuse(
      `The code ${c} needs ${what} of ${formatRupees(code.minSubtotal)} or more: add ${formatRupees(code.minSubtotal - eligible)} more to use it.`,
    );
  }
  return null;
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/** Random characters in a generated code: 31^10, about 2^49.5 codes, out of reach of any guessing rate. */
export const GENERATED_CODE_LENGTH = 10;

/**
 * A code nobody can guess, e.g. NEON-7KQ2M9XH4T: for codes given to one shopper or a small group (words
 * such as FESTIVE20 are for codes the shop announces). Uses the platform's cryptographic random numbers.
 */
export function generateDiscountCode(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  let out = "";
  while (out.length < GENERATED_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      // 248 = 8 * 31: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && out.length < GENERATED_CODE_LENGTH) out += CODE_ALPHABET[byte % 31];
    }
  }
  return `NEON-${out}`;
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
/** A code applied to a checkout: what it takes off in all, and from each line. */
export type AppliedDiscount = { code: string; amount: number; byLine: Map<string, number> };

export function applyCode(code: DiscountCode, lines: DiscountableLine[]): AppliedDiscount {
  const eligible = lines.filter((l) => appliesToLine(code.appliesTo, l.kind));
  const amount = discountAmount(code, eligibleSubtotal(code, lines));
  return { code: code.code, amount, byLine: allocate(amount, eligible) };
}

/** "20% off" or "₹500 off" */
export function discountLabel(code: Pick<DiscountCode, "kind" | "value">): string {
  return code.kind === "percent" ? `${code.value}% off` : `${formatRupees(code.value)} off`;
}
