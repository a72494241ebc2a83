import { customOrderFigures } from "~/features/workshop/sign-figures.server";
import { requireAdmin } from "~/platform/auth/auth.server";
import { jsonOk, jsonRefusal } from "~/platform/http/http.server";
import { isUuid } from "~/shared/uuid";
import type { Route } from "./+types/api-admin-sign-figures";

/**
 * GET /api/admin/custom-orders/:id/figures: a custom order's sign measured (issue 44): size, letter heights, LED
 * metres and runs, power and adaptor, backing and weight. Staff who may see orders.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "orders.view");
  if (!isUuid(params.id)) return jsonRefusal(404, "No such custom order.");
  const figures = await customOrderFigures(params.id.toLowerCase());
  if (!figures.found) return jsonRefusal(404, "No such custom order.");
  if (!figures.measurement) return jsonRefusal(422, figures.problem);
  return jsonOk({ measurement: figures.measurement });
}
