import { handleCspReport } from "~/features/site-speed/csp-reports.server";
import { methodNotAllowed } from "~/platform/http/http.server";
import type { Route } from "./+types/api-csp-reports";

/**
 * POST /api/csp-reports: Content-Security-Policy violation reports from browsers (the page policy's
 * report-to and report-uri), in either format; rate-limited, body-capped, deduplicated per day.
 */
export function action({ request, context }: Route.ActionArgs): Promise<Response> {
  return handleCspReport(request, context);
}

export function loader() {
  return methodNotAllowed();
}
