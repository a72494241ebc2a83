import { appliesToLine, type AppliesTo } from "~/features/discount-codes/discounts";
import type { StoredImage } from "~/shared/images";

/*
 * Automatic offers: rules that need no code, applied by the server to every checkout while they run
 * (e.g. "Free Dimmer on XL Signs": the dimmer of an XL custom sign, and the brightness controller of an
 * XL ready-made sign, cost nothing). An offer's amount is taken off the line it applies to; a discount
 * code then applies to what is left.
 */

/** What a banner promises (checkout applies exactly that): a code to type at checkout, or an automatic offer. */
export type BannerPromotion = { kind: "code"; code: string; label: string } | { kind: "offer"; name: string };

/** An offer banner as the shop shows it (catalog.server.ts reads the active ones; the carousel shows them). */
export type BannerCard = {
  id: string;
  title: string;
  linkUrl: string | null;
  image: StoredImage;
  promotion: BannerPromotion | null;
};

export const OFFER_KINDS = ["free-dimmer", "percent-off"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  "free-dimmer": "Free dimmer / brightness controller",
  "percent-off": "Percentage off",
};

export const SIGN_SIZES = ["S", "M", "L", "XL"] as const;
export type SignSize = (typeof SIGN_SIZES)[number];

export type Offer = {
  id: string;
  name: string;
  kind: OfferKind;
  /** Percent for percent-off; unused for free-dimmer. */
  value: number;
  appliesTo: AppliesTo;
  /** The sizes it applies to; empty: every size. */
  sizes: SignSize[];
  startsOn: string | null;
  endsOn: string | null;
  isActive: boolean;
};

/** A line as an offer sees it. */
export type OfferLine = {
  key: string;
  kind: "product" | "custom";
  size: string;
  quantity: number;
  /** The line's total before offers. */
  amount: number;
  /** What the line's dimmer (custom) or brightness controller (ready-made) costs per unit; 0 when not chosen. */
  dimmerUnit: number;
};

/** The offer is switched on and today is within its days. */
export function offerRunning(o: Pick<Offer, "isActive" | "startsOn" | "endsOn">, today: string): boolean {
  return o.isActive && (!o.startsOn || today >= o.startsOn) && (!o.endsOn || today <= o.endsOn);
}

function matches(o: Offer, line: OfferLine): boolean {
  return (
    appliesToLine(o.appliesTo, line.kind) &&
    (o.sizes.length === 0 || (o.sizes as readonly string[]).includes(line.size))
  );
}

/** What one offer takes off one line (whole rupees). */
export function offerLineAmount(o: Offer, line: OfferLine): number {
  if (!matches(o, line)) return 0;
  if (o.kind === "free-dimmer") return line.dimmerUnit * line.quantity;
  return Math.round((line.amount * o.value) / 100);
}

export type AppliedOffers = {
  /** Cart line id → rupees taken off by offers. */
  byLine: Map<string, number>;
  /** The offers that took something off, by name, with their amounts. */
  applied: { name: string; amount: number }[];
  amount: number;
};

/** Every running offer on every line; a line never gets more off than it costs. */
export function applyOffers(offers: Offer[], lines: OfferLine[], today: string): AppliedOffers {
  const byLine = new Map<string, number>();
  const perOffer = new Map<string, number>();
  const running = offers.filter((o) => offerRunning(o, today));
  for (const line of lines) {
    let left = line.amount;
    for (const o of running) {
      const off = Math.min(left, offerLineAmount(o, line));
      if (off <= 0) continue;
      left -= off;
      perOffer.set(o.name, (perOffer.get(o.name) ?? 0) + off);
    }
    if (left < line.amount) byLine.set(line.key, line.amount - left);
  }
  const applied = [...perOffer].map(([name, amount]) => ({ name, amount }));
  return { byLine, applied, amount: applied.reduce((n, a) => n + a.amount, 0) };
}

/** "Free dimmer / brightness controller on XL custom signs" */
export function offerSummary(o: Pick<Offer, "kind" | "value" | "appliesTo" | "sizes">): string {
  const what =
    o.appliesTo === "custom" ? "custom signs" : o.appliesTo === "ready-made" ? "ready-made signs" : "signs";
  const sizes = o.sizes.length ? `${o.sizes.join("/")} ` : "";
  return o.kind === "free-dimmer" ? `Free dimmer on ${sizes}${what}` : `${o.value}% off ${sizes}${what}`;
}

export const NO_OFFERS: AppliedOffers = { byLine: new Map(), applied: [], amount: 0 };
