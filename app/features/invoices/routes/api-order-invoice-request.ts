import { methodNotAllowed } from "~/platform/http/http.server";
import { invoiceRequestResponse } from "~/features/invoices/routes/invoice-http.server";
import type { Route } from "./+types/api-order-invoice-request";

/** POST /orders/:token/invoice: "Request tax invoice" on the order page (a paid order gets its invoice). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return invoiceRequestResponse(request, params.token, context);
}

export function loader() {
  return methodNotAllowed();
}
