import { methodNotAllowed } from "~/server/http.server";
import { invoiceRequestResponse } from "~/server/invoices/invoice-http.server";
import type { Route } from "./+types/order-invoice-request";

/** POST /orders/:token/invoice: "Request tax invoice" on the order page (a paid order gets its invoice). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return invoiceRequestResponse(request, params.token, context);
}

export function loader() {
  return methodNotAllowed();
}
