import { requireAdmin } from "~/platform/auth/auth.server";
import { pdfDownloadResponse } from "~/features/invoices/routes/invoice-http.server";
import { documentPdfForAdmin } from "~/features/invoices/invoice-requests.server";
import type { Route } from "./+types/api-admin-invoice-pdf";

/** GET /api/admin/invoices/:documentId: any tax invoice or credit note as a PDF. Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "invoices");
  return pdfDownloadResponse(() => documentPdfForAdmin(params.documentId));
}
