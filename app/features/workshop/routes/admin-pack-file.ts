import { packFileResponse } from "~/features/workshop/routes/pack-http.server";
import type { Route } from "./+types/admin-pack-file";

/**
 * GET /admin/orders/:id/pack/:file: one file of a custom order's production pack (sign.svg, sign.dxf,
 * print.pdf, job-sheet.pdf). Staff with the production or shipping permission; 404 for an unknown order, one
 * that holds no customiser design, or an unknown file.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return packFileResponse(request, context, params.id, params.file);
}
