import { sql } from "drizzle-orm";
import {
  ORDER_TODO_HINTS,
  ORDER_TODO_KINDS,
  ORDER_TODO_LABELS,
  ORDER_TODOS,
  orderTodoPath,
} from "~/features/order-lifecycle/owner-todo";
import { todoCondition } from "~/features/order-lifecycle/owner-todo.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { db } from "~/platform/db/client.server";
import { grievanceWarnings } from "~/features/grievances/grievance-desk.server";
import { complaintTodos } from "~/features/dashboard/complaint-todos";

/**
 * One line of the owner's to-do queue: how many, and the filtered list one click away; `alert` is a warning
 * shown in red (complaints near or past their clocks).
 */
export type TodoLine = {
  id: string;
  label: string;
  hint: string;
  count: number;
  href: string;
  alert?: string;
};

/**
 * The owner's to-do queue (issue 27): orders to confirm, proofs to send, returns to decide, quotes to price,
 * refunds failed, failed deliveries (issue 28), complaints to acknowledge and resolve (issue 32). Counted with the same SQL as the order lists' `todo` filter each line links to; test orders
 * count too (in a demo every online order is one, and they need the same work).
 */
export async function ownerTodos(): Promise<TodoLine[]> {
  const parts = ORDER_TODOS.flatMap((todo) =>
    ORDER_TODO_KINDS[todo].map(
      (kind) =>
        sql`select ${`${todo}:${kind}`}::text as id, count(*)::int as n from ${tableOf(kind)} where ${todoCondition(kind, todo)}`,
    ),
  );
  const r = await db().execute<{ id: string; n: number }>(
    sql`${sql.join(parts, sql` union all `)} union all
      select 'quote'::text, count(*)::int from logo_quotes where state = 'requested' union all
      select 'ndr'::text, count(*)::int from shipments
        where tracking_stage = 'ndr' and (ndr_sent_at is null or ndr_last_error is not null)`,
  );
  const n = new Map(r.rows.map((x) => [x.id, Number(x.n)]));
  const lines: TodoLine[] = [];
  for (const todo of ORDER_TODOS) {
    for (const kind of ORDER_TODO_KINDS[todo]) {
      const custom = kind === "custom" && ORDER_TODO_KINDS[todo].length > 1;
      lines.push({
        id: `${todo}-${kind}`,
        label: custom ? `${ORDER_TODO_LABELS[todo]} (custom signs)` : ORDER_TODO_LABELS[todo],
        hint: ORDER_TODO_HINTS[todo],
        count: n.get(`${todo}:${kind}`) ?? 0,
        href: orderTodoPath(kind, todo),
      });
    }
    if (todo === "return")
      lines.push({
        id: "quote",
        label: "Quotes to price",
        hint: "Logo quote requests waiting for a price",
        count: n.get("quote") ?? 0,
        href: "/admin/logo-quotes",
      });
  }
  // Failed deliveries (issue 28) whose answer has not reached the courier yet: the shopper's, or staff's.
  lines.push({
    id: "ndr",
    label: "Failed deliveries",
    hint: "The courier could not deliver; waiting for the shopper's answer or for it to reach the courier",
    count: n.get("ndr") ?? 0,
    href: "/admin/shipments?group=ndr",
  });
  lines.push(...complaintTodos(await grievanceWarnings()));
  return lines;
}
