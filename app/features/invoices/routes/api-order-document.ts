import { shopperDocumentResponse } from "~/features/invoices/routes/invoice-http.server";
import type { Route } from "./+types/api-order-document";

/**
 * GET /orders/:token/documents/:documentId: a tax invoice or credit note of the order behind the
 * shopper's link, as a PDF download. 404 unless the document belongs to that order; rate-limited.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return shopperDocumentResponse(params.token, params.documentId, context);
}
