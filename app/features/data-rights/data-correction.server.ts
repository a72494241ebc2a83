import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { fieldErrorsOf } from "~/shared/form-errors";
import { checkoutFormSchema } from "~/features/checkout/checkout";
import { pinRefusal } from "~/features/couriers/pin-check.server";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { shipments } from "~/features/shipments/tables.server";
import { contactWhere, logDataEvent } from "./data-requests.server";
import { CORRECTABLE_STATUSES, correctionFields, type OrderContact } from "./data-rights";

/*
 * Correction (issue 32): the name, e-mail, phone and address of an order not yet handed to the courier,
 * checked by the checkout's own schema. What cannot change, and why: the state (it decides the GST and the
 * invoice's place of supply), an order abroad (its courier and charges), the PIN of an express order (express
 * is priced for that PIN), and anything once the parcel is booked or dispatched (ask the courier's NDR page).
 */

const tableOf = (kind: OrderKind) => (kind === "order" ? orders : customNeonOrders);

export type CorrectableOrder = {
  ref: string;
  displayId: string;
  values: Record<(typeof correctionFields)[number], string>;
  state: string;
};

async function bookedIds(kind: OrderKind, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db()
    .select({ id: shipments.orderId })
    .from(shipments)
    .where(
      and(
        eq(shipments.orderKind, kind),
        inArray(shipments.orderId, ids),
        isNotNull(shipments.awb),
        isNull(shipments.cancelledAt),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The contact's orders in India whose details may still change. */
export async function correctableOrders(c: OrderContact): Promise<CorrectableOrder[]> {
  const out: CorrectableOrder[] = [];
  for (const kind of ["order", "custom"] as const) {
    const t = tableOf(kind);
    const rows = await db()
      .select()
      .from(t)
      .where(and(contactWhere(t, c), inArray(t.status, [...CORRECTABLE_STATUSES])));
    const booked = await bookedIds(
      kind,
      rows.map((r) => r.id),
    );
    for (const o of rows) {
      if (booked.has(o.id) || o.shippingAddress.country) continue;
      const a = o.shippingAddress;
      out.push({
        ref: `${kind}:${o.id}`,
        displayId: displayId(kind, o.id),
        state: a.state,
        values: {
          name: o.customerName,
          email: o.customerEmail,
          phone: o.customerPhone.replace(/^\+91/, ""),
          address1: a.address1,
          address2: a.address2 ?? "",
          landmark: a.landmark ?? "",
          city: a.city,
          pincode: a.pincode,
        },
      });
    }
  }
  return out;
}

export type CorrectionResult =
  { ok: true; displayId: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };

export async function correctOrder(
  c: OrderContact,
  requestId: string,
  input: { orderRef: string } & Record<(typeof correctionFields)[number], string>,
): Promise<CorrectionResult> {
  const target = (await correctableOrders(c)).find((o) => o.ref === input.orderRef);
  if (!target)
    return {
      ok: false,
      message:
        "This order can no longer be changed here: it has been handed to the courier, is abroad or is not yours. Please contact us.",
    };
  const [kind, id] = input.orderRef.split(":") as [OrderKind, string];
  const t = tableOf(kind);
  const [o] = await db().select().from(t).where(eq(t.id, id));
  const parsed = checkoutFormSchema.safeParse({
    ...Object.fromEntries(correctionFields.map((f) => [f, input[f]])),
    country: "IN",
    state: target.state,
    paymentMethod: o!.paymentMethod,
    shippingMethod: o!.shippingMethod === "express" ? "express" : "standard",
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return { ok: false, message: "Please check the highlighted fields.", fieldErrors };
  }
  const v = parsed.data;
  if (o!.shippingMethod === "express" && v.pincode !== target.values.pincode)
    return {
      ok: false,
      message:
        "Express delivery was priced for the PIN code you ordered with. Please contact us to change it.",
      fieldErrors: { pincode: "Express orders keep their PIN code." },
    };
  // The state stays (the place of supply): a new PIN must exist and be in it (issue 42).
  const pin = await pinRefusal({ country: "IN", pincode: v.pincode, state: target.state });
  if (pin) return { ok: false, message: pin.message, fieldErrors: { pincode: pin.message } };
  const changed = correctionFields.filter((f) =>
    f === "phone" ? v.phone !== o!.customerPhone : String(v[f] ?? "") !== target.values[f],
  );
  await db().transaction(async (tx) => {
    await tx
      .update(t)
      .set({
        customerName: v.name,
        customerEmail: v.email,
        customerPhone: v.phone,
        shippingAddress: {
          address1: v.address1,
          ...(v.address2 ? { address2: v.address2 } : {}),
          ...(v.landmark ? { landmark: v.landmark } : {}),
          city: v.city,
          state: target.state,
          pincode: v.pincode,
        },
        updatedAt: new Date(),
      })
      .where(eq(t.id, id));
    await logDataEvent(tx, {
      requestId,
      actor: "shopper",
      action: "corrected",
      detail: `${target.displayId}: ${changed.join(", ") || "nothing changed"}`,
    });
  });
  return { ok: true, displayId: target.displayId };
}
