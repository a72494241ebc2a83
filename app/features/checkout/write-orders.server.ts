import type { PlaceOrderRequest } from "./checkout";
import { imageUrl, SHOP_IMAGE_BASE } from "~/shared/images";
import type { CheckoutPlan } from "./order-pricing";
import { sql } from "drizzle-orm";
import type { Tx, DbOrTx } from "~/platform/db/client.server";
import {
  customNeonOrders,
  orders,
  orderItems,
  type ShippingAddress,
} from "~/features/order-lifecycle/tables.server";

/* The rows of a placed checkout: the regular order with its items, and one custom order per custom line. */

async function primaryImages(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.execute<{ product_id: string; image_key: string; width: number }>(sql`
    select distinct on (product_id) product_id, image_key, width
    from product_images where product_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by product_id, display_order`);
  // The stored picture of the line: a small variant of the product's main image, as the shop's own path
  // (pages rewrite it to today's image address with storedImageUrl; the sweep finds it by this shape).
  return new Map(
    rows.rows.map((r) => [r.product_id, imageUrl(r.image_key, Math.min(320, r.width), SHOP_IMAGE_BASE)]),
  );
}

function toAddress(form: PlaceOrderRequest["form"]): ShippingAddress {
  return {
    address1: form.address1,
    ...(form.address2 ? { address2: form.address2 } : {}),
    ...(form.landmark ? { landmark: form.landmark } : {}),
    city: form.city,
    state: form.state,
    pincode: form.pincode,
    ...(form.country !== "IN" ? { country: form.country } : {}),
  };
}

/** The delivery window moved later by `days` business days (a window not known stays unknown). */
function delayedBy(w: { deliveryDaysMin: number | null; deliveryDaysMax: number | null }, days: number) {
  return {
    deliveryDaysMin: w.deliveryDaysMin === null ? null : w.deliveryDaysMin + days,
    deliveryDaysMax: w.deliveryDaysMax === null ? null : w.deliveryDaysMax + days,
  };
}

export async function writeOrders(
  tx: Tx,
  checkoutId: string,
  req: PlaceOrderRequest,
  plan: CheckoutPlan,
  previewKeys: (string | null)[],
  isTest: boolean,
  /** The shoppers' attached own-wall photos, one per custom line (issue 18). */
  wallPhotoKeys: (string | null)[] = [],
) {
  const f = req.form;
  const common = {
    checkoutId,
    shippingMethod: plan.shipping.method,
    deliveryDaysMin: plan.shipping.daysMin,
    deliveryDaysMax: plan.shipping.daysMax,
    customerName: f.name,
    customerEmail: f.email,
    customerPhone: f.phone,
    shippingAddress: toAddress(f),
    preferredDate: f.preferredDate ?? null,
    paymentMethod: f.paymentMethod,
    whatsappUpdates: f.whatsappUpdates,
    buyerGstin: f.buyerGstin ?? null,
    buyerBusinessName: f.buyerGstin ? (f.businessName ?? null) : null,
    isTest,
  };
  if (plan.regular) {
    const lines = plan.regular.lines;
    const images = await primaryImages(
      tx,
      lines.map((l) => l.productId),
    );
    const [order] = await tx
      .insert(orders)
      .values({
        ...common,
        // A made-to-order line short of stock makes the whole parcel later by its making days.
        ...delayedBy(common, Math.max(0, ...lines.map((l) => l.extraDays ?? 0))),
        subtotal: plan.regular.subtotal,
        deliveryFee: plan.regular.deliveryFee,
        codFee: plan.regular.codFee,
        discount: plan.regular.discount,
        discountCode: plan.regular.discount > 0 ? plan.discountCode : null,
        offerDiscount: plan.regular.offerDiscount,
        offerNames: plan.regular.offerDiscount > 0 ? plan.offerNames : null,
        totalAmount: plan.regular.totalAmount,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        productName: l.name,
        quantity: l.quantity,
        price: l.unitPrice,
        productImage: images.get(l.productId) ?? null,
        productConfig: {
          size: l.size,
          color: l.color,
          brightnessController: l.brightnessController,
          productType: l.productType,
          originalProductId: l.productId,
        },
      })),
    );
  }
  for (const [i, c] of plan.custom.entries()) {
    const l = c.line;
    await tx.insert(customNeonOrders).values({
      ...common,
      customText: l.design.text,
      fontStyle: l.design.font,
      neonColor: l.design.color,
      size: l.design.size,
      hasDimmer: l.design.hasDimmer,
      backingShape: l.design.backingShape,
      previewImageKey: previewKeys[i] ?? null,
      wallPhotoKey: wallPhotoKeys[i] ?? null,
      makeWarnings: l.makeWarnings,
      quantity: l.quantity,
      basePrice: l.price.basePrice,
      dimmerPrice: l.price.dimmerPrice,
      backingPrice: l.price.backingPrice,
      characterPrice: l.price.characterPrice,
      deliveryFee: c.deliveryFee,
      codFee: c.codFee,
      discount: c.discount,
      discountCode: c.discount > 0 ? plan.discountCode : null,
      offerDiscount: c.offerDiscount,
      offerNames: c.offerDiscount > 0 ? plan.offerNames : null,
      totalAmount: c.totalAmount,
    });
  }
}
