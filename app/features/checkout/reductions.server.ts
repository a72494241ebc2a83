import { applyOffers } from "~/features/offers/offers";
import { activeOffers } from "~/features/offers/offers.server";
import { checkDiscountCode, type Shopper } from "~/features/discount-codes/discount.server";
import { todayInIndia } from "~/shared/ist-dates";
import type { DbOrTx } from "~/platform/db/client.server";
import {
  discountableLines,
  offerLines,
  type PricedCustomLine,
  type PricedProductLine,
  type Reductions,
} from "./order-pricing";

export type ReductionsOutcome =
  | { ok: true; reductions: Reductions; codeId: string | null }
  /** A refused code: why, whether it counts as a wrong guess, and what comes off without it (the offers). */
  | { ok: false; message: string; miss: boolean; reductions: Reductions };

/**
 * What comes off a checkout's goods: the running automatic offers, then the typed discount code (if
 * any) on what the offers left. `lock` (placing an order) keeps the code's row locked until commit.
 * A refusal says whether it was a wrong guess (unknown, off, used up or used by this shopper): the caller
 * counts it with countCodeMiss, and asks codeGuessWait before checking a code at all.
 */
export async function reductionsFor(
  db: DbOrTx,
  priced: { products: PricedProductLine[]; customs: PricedCustomLine[] },
  code: { typed: string | undefined; shopper: Shopper | null; lock?: boolean },
): Promise<ReductionsOutcome> {
  const offers = applyOffers(
    await activeOffers(db),
    offerLines(priced.products, priced.customs),
    todayInIndia(),
  );
  if (!code.typed) return { ok: true, reductions: { offers }, codeId: null };
  const checked = await checkDiscountCode(db, code.typed, {
    lines: discountableLines(priced.products, priced.customs, offers),
    shopper: code.shopper,
    lock: code.lock,
  });
  if (!checked.ok) return { ok: false, message: checked.message, miss: checked.miss, reductions: { offers } };
  return { ok: true, reductions: { offers, code: checked.discount }, codeId: checked.codeId };
}
