import { desc, eq } from "drizzle-orm";
import { setRowActive } from "~/features/admin-shell/admin-rows.server";
import type { OfferInput } from "~/features/offers/offer-form";
import type { Offer, SignSize } from "~/features/offers/offers";
import { db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { offers } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { invalid, notFound, type Result } from "~/shared/admin-forms";
import type { DbOrTx } from "~/platform/db/client.server";

/** Automatic offers: read for checkout (every switched-on offer; the domain decides which run today), and the admin's list. */

const columns = {
  id: offers.id,
  name: offers.name,
  kind: offers.kind,
  value: offers.value,
  appliesTo: offers.appliesTo,
  sizes: offers.sizes,
  startsOn: offers.startsOn,
  endsOn: offers.endsOn,
  isActive: offers.isActive,
};

const toOffer = (r: { sizes: string[] } & Omit<Offer, "sizes">): Offer => ({
  ...r,
  sizes: r.sizes as SignSize[],
});

/** The switched-on offers (whether they run today is the domain's offerRunning). */
export async function activeOffers(database: DbOrTx = db()): Promise<Offer[]> {
  const rows = await database.select(columns).from(offers).where(eq(offers.isActive, true));
  return rows.map(toOffer);
}

export type AdminOffer = Offer & { createdAt: string };

export async function listOffersAdmin(): Promise<AdminOffer[]> {
  const rows = await db()
    .select({ ...columns, createdAt: offers.createdAt })
    .from(offers)
    .orderBy(desc(offers.createdAt));
  return rows.map((r) => ({ ...toOffer(r), createdAt: r.createdAt.toISOString() }));
}

export async function createOffer(input: OfferInput): Promise<Result<{ id: string }>> {
  try {
    const [row] = await db().insert(offers).values(input).returning({ id: offers.id });
    logger.info({ offerId: row!.id }, "offer created");
    return { ok: true, id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e, "offers_name_lower_uq"))
      return invalid({ name: "An offer with this name already exists" });
    throw e;
  }
}

export function setOfferActive(id: string, isActive: boolean) {
  return setRowActive(offers, id, isActive, "Offer");
}

/** Deletes an offer (orders keep its name; a banner promising it stops being shown). */
export async function deleteOffer(id: string): Promise<Result> {
  const rows = await db().delete(offers).where(eq(offers.id, id)).returning({ id: offers.id });
  if (rows.length === 0) return notFound("Offer");
  logger.info({ offerId: id }, "offer deleted");
  return { ok: true };
}
