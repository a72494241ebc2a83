import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";
import { jsonRefusal } from "~/platform/http/http.server";
import { monthEndReturn } from "~/features/month-end/month-end.server";
import type { Route } from "./+types/api-admin-gstr1";

/**
 * GET /api/admin/month-end/:period/gstr1.json: the period's GSTR-1 as the GST portal's upload takes it.
 * Owner and Accounts (exports); step-up after 5 minutes and an audit row, as the orders CSV.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "exports");
  requireFreshSecondFactor(request, admin);
  const r = await monthEndReturn(params.period);
  if (!r.ok) return jsonRefusal(r.status, r.message);
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "export",
    action: "gstr1.json",
    subject: r.period.key,
    after: { documents: r.documents.length, problems: r.problems.length },
  });
  return new Response(JSON.stringify(r.gstr1), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="GSTR1_${r.gstin}_${r.period.fp}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
