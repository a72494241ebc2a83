import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { requireFreshSecondFactor } from "~/platform/auth/step-up.server";
import { recordAudit } from "~/platform/audit.server";
import { jsonRefusal } from "~/platform/http/http.server";
import { logStaffDataAccess } from "~/platform/data-events.server";
import { monthEndReturn } from "~/features/month-end/month-end.server";
import { gstr1WorkbookZip } from "~/features/month-end/gstr1-workbook.server";
import type { Route } from "./+types/api-admin-gstr1-workbook";

/**
 * GET /api/admin/month-end/:period/gstr1-workbook.zip: the period's GSTR-1 as the offline tool's Excel
 * template lays it out, one CSV per sheet (decision 066), from the same return as gstr1.json. Owner and
 * Accounts (exports); step-up after 5 minutes and an audit row, as the JSON; and the data-access log, as the
 * sales register, since the B2B and CDNR sheets name the buyers.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "exports");
  requireFreshSecondFactor(request, admin);
  const r = await monthEndReturn(params.period);
  if (!r.ok) return jsonRefusal(r.status, r.message);
  const names = new Map<string, string>();
  for (const d of r.documents)
    if (d.buyerGstin && !names.has(d.buyerGstin)) names.set(d.buyerGstin, d.buyerBusinessName || d.buyerName);
  await logStaffDataAccess(admin.user, "gstr1 workbook", r.period.key);
  await recordAudit({
    actor: admin.user,
    ip: clientAddress(context),
    kind: "export",
    action: "gstr1-workbook.zip",
    subject: r.period.key,
    after: { documents: r.documents.length, problems: r.problems.length },
  });
  return new Response(gstr1WorkbookZip(r.gstr1, names), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="GSTR1_${r.gstin}_${r.period.fp}_workbook.zip"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
