import { sql } from "drizzle-orm";
import {
  cancelRelatedMessage,
  cancelSeveralMessage,
  type CancelSeveral,
  type CancelRelated,
  type RelatedBy,
  type RelatedOpenOrders,
} from "~/features/orders/order-flood";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { recordAudit } from "~/platform/audit.server";
import { displayId } from "~/features/order-lifecycle/order-status";

/*
 * Cancelling a flood of orders in one action (docs/decisions/010-abuse-limits.md): every open order
 * (status pending, not paid) from the same phone or the same network address as the chosen order. Each
 * is cancelled through the normal status change, so stock comes back exactly once and each gets its
 * history row with who did it.
 */

const MAX_PER_ACTION = 500;

function openOrdersFrom(kind: OrderKind, id: string) {
  const table = kind === "order" ? sql`orders` : sql`custom_neon_orders`;
  // The chosen order's phone and its checkout's client address, then every open order sharing them.
  return sql`
    with me as (
      select o.customer_phone, c.client_ip from ${table} o left join checkouts c on c.id = o.checkout_id where o.id = ${id}::uuid
    ), open_orders as (
      select 'order' as kind, o.id, o.customer_phone, c.client_ip, o.created_at, coalesce(o.checkout_id, o.id) as checkout
        from orders o left join checkouts c on c.id = o.checkout_id
        where o.status = 'pending' and o.payment_status <> 'paid'
      union all
      select 'custom', o.id, o.customer_phone, c.client_ip, o.created_at, coalesce(o.checkout_id, o.id)
        from custom_neon_orders o left join checkouts c on c.id = o.checkout_id
        where o.status = 'pending' and o.payment_status <> 'paid'
    )`;
}

/** How many open orders share the order's phone and its network address (the order itself included). */
export async function relatedOpenOrders(kind: OrderKind, id: string): Promise<RelatedOpenOrders> {
  const r = await db().execute<{ phone: number; client: number; phone_c: number; client_c: number }>(sql`
    ${openOrdersFrom(kind, id)}, by_phone as (
      select open_orders.* from open_orders, me where open_orders.customer_phone = me.customer_phone
    ), by_client as (
      select open_orders.* from open_orders, me where me.client_ip is not null and open_orders.client_ip = me.client_ip
    )
    select
      (select count(*) from by_phone)::int as phone,
      (select count(*) from by_client)::int as client,
      (select count(distinct checkout) from by_phone)::int as phone_c,
      (select count(distinct checkout) from by_client)::int as client_c`);
  const row = r.rows[0];
  return {
    phone: row?.phone ?? 0,
    client: row?.client ?? 0,
    checkouts: { phone: row?.phone_c ?? 0, client: row?.client_c ?? 0 },
  };
}

async function openOrderIds(
  kind: OrderKind,
  id: string,
  by: RelatedBy,
): Promise<{ kind: OrderKind; id: string }[]> {
  const match =
    by === "phone"
      ? sql`open_orders.customer_phone = me.customer_phone`
      : sql`me.client_ip is not null and open_orders.client_ip = me.client_ip`;
  const r = await db().execute<{ kind: OrderKind; id: string }>(sql`
    ${openOrdersFrom(kind, id)}
    select open_orders.kind, open_orders.id from open_orders, me where ${match}
    order by open_orders.created_at limit ${MAX_PER_ACTION}`);
  return r.rows;
}

export type CancelRelatedResult =
  { ok: true; cancelled: number; message: string } | { ok: false; httpStatus: 404; message: string };

/** Cancel every open order from the same phone or network address as the given order. */
export async function cancelRelatedOrders(input: CancelRelated, actor: Actor): Promise<CancelRelatedResult> {
  const targets = await openOrderIds(input.kind, input.id, input.by);
  if (targets.length === 0) return { ok: false, httpStatus: 404, message: "No open orders to cancel." };
  const note =
    input.by === "phone"
      ? "Cancelled with the other open orders from this phone number"
      : "Cancelled with the other open orders from this network address";
  let cancelled = 0;
  for (const t of targets) {
    // expected: pending, so an order confirmed meanwhile by someone else is left alone.
    const r = await changeOrderStatus(
      { kind: t.kind, id: t.id, to: "cancelled", expected: "pending", note },
      actor,
    );
    if (r.ok) cancelled++;
  }
  logger.warn({ by: input.by, cancelled, actor: actor.email }, "open orders cancelled in one action");
  return { ok: true, cancelled, message: cancelRelatedMessage(cancelled, input.by) };
}

/**
 * "Cancel selected" (issue 41): the ticked orders of one list, each through the normal status change (expected:
 * pending, so an order confirmed or paid meanwhile is left alone), with its stock back once, its history row with
 * who did it and whatever a cancel tells the shopper; one audit row lists what was cancelled and what was not.
 */
export async function cancelSeveralOrders(
  kind: OrderKind,
  input: CancelSeveral,
  actor: Actor,
): Promise<CancelRelatedResult | { ok: false; httpStatus: 409; message: string }> {
  const cancelled: string[] = [];
  const left: string[] = [];
  for (const id of input.orders) {
    const r = await changeOrderStatus(
      { kind, id, to: "cancelled", expected: "pending", note: "Cancelled with other selected orders" },
      actor,
    );
    (r.ok ? cancelled : left).push(id);
  }
  if (cancelled.length > 0) {
    await recordAudit({
      actor,
      ip: null,
      kind: "order",
      action: "cancel-several",
      subject: `${cancelled.length} ${kind === "order" ? "orders" : "custom orders"}`,
      after: {
        cancelled: cancelled.map((id) => ({ id, displayId: displayId(kind, id) })),
        leftAsTheyWere: left.map((id) => ({ id, displayId: displayId(kind, id) })),
      },
    });
  }
  logger.warn(
    { kind, cancelled: cancelled.length, left: left.length, actor: actor.email },
    "orders cancelled together",
  );
  if (cancelled.length === 0)
    return {
      ok: false,
      httpStatus: 409,
      message: "None of the ticked orders is open any more: nothing was cancelled.",
    };
  return {
    ok: true,
    cancelled: cancelled.length,
    message: cancelSeveralMessage(cancelled.length, left.length),
  };
}
