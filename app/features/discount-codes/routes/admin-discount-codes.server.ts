import { desc, eq, sql } from "drizzle-orm";
import { setRowActive } from "~/features/admin-shell/admin-rows.server";
import type { DiscountCodeInput } from "~/features/discount-codes/discount-code-form";
import type { DiscountCode } from "~/features/discount-codes/discounts";
import { db } from "~/platform/db/client.server";
import { isUniqueViolation, pgErrorOf } from "~/platform/db/errors.server";
import { discountCodes, discountRedemptions } from "~/features/discount-codes/tables.server";
import { logger } from "~/platform/logger.server";
import { invalid, notFound, type Result } from "~/shared/admin-forms";

/** The admin's discount codes: list with their uses, create, edit, switch on/off, delete (unused only). */

export type AdminDiscountCode = DiscountCode & {
  description: string | null;
  /** Uses by checkouts that still have an order not cancelled (what the limits count). */
  uses: number;
  /** Every redemption, cancelled orders included (a used code cannot be deleted). */
  redemptions: number;
  createdAt: string;
};

export async function listDiscountCodesAdmin(): Promise<AdminDiscountCode[]> {
  const rows = await db()
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      description: discountCodes.description,
      kind: discountCodes.kind,
      value: discountCodes.value,
      minSubtotal: discountCodes.minSubtotal,
      appliesTo: discountCodes.appliesTo,
      startsOn: discountCodes.startsOn,
      endsOn: discountCodes.endsOn,
      maxUses: discountCodes.maxUses,
      maxUsesPerShopper: discountCodes.maxUsesPerShopper,
      isActive: discountCodes.isActive,
      createdAt: discountCodes.createdAt,
      // Written out in full: drizzle leaves the table name off columns of a single-table select.
      redemptions: sql<number>`(select count(*)::int from ${discountRedemptions} r where r.code_id = "discount_codes"."id")`,
      uses: sql<number>`(select count(*)::int from ${discountRedemptions} r where r.code_id = "discount_codes"."id"
        and (exists (select 1 from orders o where o.checkout_id = r.checkout_id and o.status <> 'cancelled')
          or exists (select 1 from custom_neon_orders co where co.checkout_id = r.checkout_id and co.status <> 'cancelled')))`,
    })
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const duplicate = () => invalid({ code: "A code with this name already exists" });

const values = (input: DiscountCodeInput) => ({
  code: input.code,
  description: input.description,
  kind: input.kind,
  value: input.value,
  minSubtotal: input.minSubtotal,
  appliesTo: input.appliesTo,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  maxUses: input.maxUses,
  maxUsesPerShopper: input.maxUsesPerShopper,
  isActive: input.isActive,
});

/** A write that may give the code a name another code has (names are unique whatever their case). */
async function unlessDuplicate<T>(write: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, "discount_codes_code_upper_uq")) return duplicate();
    throw e;
  }
}

export function createDiscountCode(input: DiscountCodeInput): Promise<Result<{ id: string }>> {
  return unlessDuplicate(async () => {
    const [row] = await db().insert(discountCodes).values(values(input)).returning({ id: discountCodes.id });
    logger.info({ codeId: row!.id, code: input.code }, "discount code created");
    return { ok: true, id: row!.id };
  });
}

export function updateDiscountCode(id: string, input: DiscountCodeInput): Promise<Result<{ id: string }>> {
  return unlessDuplicate(async () => {
    const rows = await db()
      .update(discountCodes)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id });
    if (rows.length === 0) return notFound("Discount code");
    logger.info({ codeId: id }, "discount code updated");
    return { ok: true, id };
  });
}

export function setDiscountCodeActive(id: string, isActive: boolean) {
  return setRowActive(discountCodes, id, isActive, "Discount code");
}

export const USED_CODE_MESSAGE =
  "this code has been used by orders, which keep its name. Switch it off instead to stop new uses.";

/** Deletes a code no order has used (a used one is kept for the orders' history: switch it off). */
export async function deleteDiscountCode(id: string): Promise<Result> {
  try {
    const rows = await db()
      .delete(discountCodes)
      .where(eq(discountCodes.id, id))
      .returning({ id: discountCodes.id });
    if (rows.length === 0) return notFound("Discount code");
  } catch (e) {
    if (pgErrorOf(e)?.code === "23503") return { ok: false, status: 409, message: USED_CODE_MESSAGE };
    throw e;
  }
  logger.info({ codeId: id }, "discount code deleted");
  return { ok: true };
}
