import { NUL_MESSAGE } from "~/shared/text";
import { MAX_CSP_REPORT_BYTES, parseCspReports } from "~/features/site-speed/web-vitals";
import { clientNetwork } from "~/platform/auth/auth.server";
import { tryReadText } from "~/platform/http/form-body.server";
import { jsonRefusal, methodNotAllowed } from "~/platform/http/http.server";
import { logger } from "~/platform/logger.server";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import { recordCspViolations } from "./vitals.server";

/**
 * A CSP report post: `application/reports+json` (Reporting API, report-to) or `application/csp-report`
 * (report-uri). 405 for other methods, 429 over the network's limit, 415 for other types, 413 over the
 * cap, 400 for a body that is neither format; 204 once counted, or once counted as dropped (over the
 * network's daily share or the day's kinds: see recordCspViolations).
 */
export async function handleCspReport(request: Request, context: unknown): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const network = clientNetwork(context);
  const counted = await tryConsume("cspReportsPerClient", network);
  if (!counted.ok) return tooManyRequests(counted);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const kind = /^application\/reports\+json\b/.test(type)
    ? "reports"
    : /^application\/csp-report\b/.test(type)
      ? "csp-report"
      : null;
  if (!kind)
    return jsonRefusal(415, "Send a CSP report (application/reports+json or application/csp-report).");
  const notJson = () => jsonRefusal(400, "The request is not valid JSON.");
  const read = await tryReadText(request, MAX_CSP_REPORT_BYTES);
  if (!read.ok) return read.tooLarge ? jsonRefusal(413, "The request is too large.") : notJson();
  // A NUL (raw or escaped) cannot be stored: refused with the one message (issue 41).
  if (/\0|\\u0000/.test(read.text)) return jsonRefusal(400, NUL_MESSAGE);
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return notJson();
  }
  const violations = parseCspReports(kind, body);
  if (!violations) return jsonRefusal(400, "Not a CSP report.");
  if (violations.length > 0) {
    const { stored, dropped } = await recordCspViolations(violations, network);
    logger.warn(
      { violations: violations.slice(0, 5), stored, dropped },
      "content security policy violation reported",
    );
  }
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
