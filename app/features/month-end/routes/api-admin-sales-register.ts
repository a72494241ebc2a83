import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";
import { jsonRefusal } from "~/platform/http/http.server";
import { logStaffDataAccess } from "~/platform/data-events.server";
import { salesRegister } from "~/features/month-end/month-end.server";
import type { Route } from "./+types/api-admin-sales-register";

/**
 * GET /api/admin/month-end/:period/sales-register.csv: every invoice, credit note and bill of supply of the
 * period, one line each. Owner and Accounts (exports); step-up, audit, and the data-access log (buyers' names).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "exports");
  requireFreshSecondFactor(request, admin);
  const r = await salesRegister(params.period);
  if (!r) return jsonRefusal(400, "Choose a month (2026-04) or a quarter (2026-27-Q1).");
  await logStaffDataAccess(admin.user, "sales register csv", r.period.key);
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "export",
    action: "sales-register.csv",
    subject: r.period.key,
    after: { documents: r.count },
  });
  return new Response(r.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="sales-register-${r.period.key}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
