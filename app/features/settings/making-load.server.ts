import { sql, type SQL } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { productionCards } from "~/features/workshop/tables.server";
import { makingLoadDays } from "./delivery-promises";
import type { WorkshopSettings } from "./workshop-settings";

/*
 * The production board's load as the delivery promise reads it (issue 44, decision 062): the metres of LED flex
 * of every line that must be made and is not yet ready to pack, against the workshop's metres a day. Here, in
 * settings, because every promise (checkout, the PIN date, the pages) reads the shipping rules from settings,
 * which may import no higher feature; the board (workshop) reads its lines with the same `onTheBoard` rule.
 * A line the board has not shown yet counts its size's metres (the workshop settings' readyMadeLedMetres);
 * once shown, its card's measured metres.
 */

/** An order whose lines are on the board: confirmed, in production, or paid while still pending; never refunded. */
export function onTheBoard(t: typeof orders | typeof customNeonOrders): SQL {
  return sql`(${t.status} in ('confirmed', 'in_production') or (${t.status} = 'pending' and ${t.paymentStatus} = 'paid')) and ${t.paymentStatus} <> 'refunded'`;
}

/** A size's LED metres in SQL (the workshop settings' readyMadeLedMetres; an unknown size counts Medium's). */
function metresOfSize(size: SQL, perSize: Record<string, number>): SQL {
  const fallback = perSize.M ?? 4;
  const cases = Object.entries(perSize).map(([id, m]) => sql`when ${id} then ${m}::float8`);
  return sql`(case ${size} ${sql.join(cases, sql` `)} else ${fallback}::float8 end)`;
}

/** The metres of flex waiting on the board (every line not ready to pack). */
export async function waitingMetres(workshop: Pick<WorkshopSettings, "readyMadeLedMetres">): Promise<number> {
  const c = customNeonOrders;
  const o = orders;
  const i = orderItems;
  const pc = productionCards;
  const perSize = workshop.readyMadeLedMetres;
  const r = await db().execute<{ metres: number | string | null }>(sql`
    select coalesce(sum(m), 0)::float8 as metres from (
      select coalesce(${pc.ledMetres}, ${metresOfSize(sql`${c.size}`, perSize)} * ${c.quantity}) as m
        from ${c} left join ${pc} on ${pc.customOrderId} = ${c.id}
        where ${onTheBoard(c)} and coalesce(${pc.stage}, 'to_cut') <> 'ready_to_pack'
      union all
      select coalesce(${pc.ledMetres}, ${metresOfSize(sql`${i.productConfig}->>'size'`, perSize)} * ${i.madeToOrder}) as m
        from ${i} join ${o} on ${o.id} = ${i.orderId} left join ${pc} on ${pc.orderItemId} = ${i.id}
        where ${i.madeToOrder} > 0 and ${onTheBoard(o)} and coalesce(${pc.stage}, 'to_cut') <> 'ready_to_pack'
    ) lines`);
  return Number(r.rows[0]?.metres ?? 0);
}

/** How long a read load is kept: the board's moves and new orders show within this. */
const LOAD_TTL_MS = 30_000;
/** The last read, for the database it was read from (a test file connects another; its load is not this one's). */
let cached: { days: number; at: number; key: string; from: unknown } | null = null;

/** Forget the load read (the board moved a card, or a test planted one): the next promise reads it again. */
export function invalidateMakingLoad(): void {
  cached = null;
}

/** The extra making days the board's load adds to custom and made-to-order promises (read at most every 30 s). */
export async function currentMakingLoadDays(
  workshop: Pick<WorkshopSettings, "readyMadeLedMetres" | "capacityMetresPerDay">,
): Promise<number> {
  const key = JSON.stringify([workshop.readyMadeLedMetres, workshop.capacityMetresPerDay]);
  const from = db();
  if (cached && cached.key === key && cached.from === from && Date.now() - cached.at < LOAD_TTL_MS)
    return cached.days;
  const days = makingLoadDays(await waitingMetres(workshop), workshop.capacityMetresPerDay);
  cached = { days, at: Date.now(), key, from };
  return days;
}
