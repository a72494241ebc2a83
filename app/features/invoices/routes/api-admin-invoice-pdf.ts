import { requireAdmin } from "~/platform/auth/auth.server";
import { pdfResponse } from "~/features/invoices/routes/invoice-http.server";
import { documentPdfForAdmin } from "~/features/invoices/invoice-requests.server";
import type { Route } from "./+types/api-admin-invoice-pdf";

/** GET /api/admin/invoices/:documentId: any tax invoice or credit note as a PDF. Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "invoices");
  const pdf = await documentPdfForAdmin(params.documentId);
  if (!pdf) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return pdfResponse(pdf);
}
