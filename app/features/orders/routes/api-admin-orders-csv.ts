import { parseOrderFilters } from "~/features/orders/order-filters";
import { orderKindSchema } from "~/features/order-workflow/order-workflow";
import { exportFileName, exportOrdersCsv } from "~/features/orders/admin-order-csv.server";
import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";
import { jsonRefusal } from "~/platform/http/http.server";
import { logStaffDataAccess } from "~/platform/data-events.server";
import type { Route } from "./+types/api-admin-orders-csv";

/**
 * GET /api/admin/orders.csv?kind=order|custom&(filters): the filtered orders as CSV, one row per order
 * line, streamed batch by batch. Admins only (401 without a session).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "exports");
  // An export of shoppers' data asks for the second factor again after 5 minutes.
  requireFreshSecondFactor(request, admin);
  const url = new URL(request.url);
  const kind = orderKindSchema.safeParse(url.searchParams.get("kind") ?? "order");
  const parsed = parseOrderFilters(url.searchParams);
  if (!kind.success || !parsed.ok) {
    return jsonRefusal(400, "Invalid filters", {
      fieldErrors: parsed.ok ? { kind: "Unknown kind." } : parsed.errors,
    });
  }
  // Customers' names, contacts and addresses leave the shop: who and when is logged (issue 32).
  await logStaffDataAccess(admin.user, "orders csv", `${kind.data} ${url.searchParams.toString()}`);
  const filters = Object.fromEntries(url.searchParams.entries());
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "export",
    action: "orders.csv",
    after: filters,
  });
  const lines = exportOrdersCsv(kind.data, parsed.filters);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(kind.data)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
