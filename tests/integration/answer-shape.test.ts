import { describe, expect, it } from "vitest";
import { loader as ordersCsv } from "~/features/orders/routes/api-admin-orders-csv";
import { action as webhookAction } from "~/features/after-sale/routes/api-razorpay-webhook";
import { action as releaseAction } from "~/features/payments/routes/api-checkout-release";
import { action as courierUpdates } from "~/features/shipments/routes/api-courier-updates";
import { action as cspAction } from "~/features/site-speed/routes/api-csp-reports";
import { action as vitalsAction, loader as vitalsLoader } from "~/features/site-speed/routes/api-vitals";
import { action as quoteAction } from "~/features/checkout/routes/api-checkout-quote";
import { action as passkeySignIn } from "~/features/staff/routes/api-passkey-sign-in";
import { loader as pinLoader } from "~/features/couriers/routes/api-pin";
import { adminSession, shopRequest } from "../support/admin-session";
import { callAs } from "../support/checkout-fixtures";
import { callRoute } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

/*
 * Decision 058: every JSON endpoint answers the one answer shape (`{ ok, message?, fieldErrors? }`, the form
 * answer), never `{ error }`. One refusal of each kind, over the real routes: the method, jsonEndpoint's body
 * checks and the route's own `invalid`, a closed endpoint, the rate limit, the admin guards (no session, a
 * role without the permission, another site), a route's own refusal, a webhook's and a hand-read body's.
 */

// PAYMENT_MODE=test: the test gateway, no webhook secret; no courier API (the courier webhook is closed).
setupTestDatabase({ PAYMENT_MODE: "test" });

type Body = Record<string, unknown>;

/** A refusal in the one shape: ok false, its sentence, no old field. */
function expectRefusal(r: { status: number; body: Body }, status: number, message?: string) {
  expect(r.status).toBe(status);
  expect(r.body.ok).toBe(false);
  expect(r.body.message).toEqual(message ?? expect.stringMatching(/\S/));
  expect(r.body).not.toHaveProperty("error");
  expect(r.body).not.toHaveProperty("success");
}

let ip = 1;
const newIp = () => `198.51.100.${ip++}`;

/** A Response returned or thrown, with its JSON body. */
async function answer(run: () => unknown): Promise<{ status: number; body: Body }> {
  let r: unknown;
  try {
    r = await run();
  } catch (thrown) {
    r = thrown;
  }
  if (!(r instanceof Response)) throw new Error(`not a Response: ${String(r)}`);
  return { status: r.status, body: (await r.json()) as Body };
}

describe("every JSON refusal answers the one shape", () => {
  it("the method (405), jsonEndpoint's body checks (415, 400) and the route's own invalid answer", async () => {
    expectRefusal(await answer(() => vitalsLoader()), 405, "Method not allowed");
    const asText = await callAs(newIp(), vitalsAction, "{}", { "content-type": "text/plain" });
    expectRefusal(asText, 415, "Send JSON (Content-Type: application/json).");
    expectRefusal(await callAs(newIp(), vitalsAction, "{oops"), 400, "The request is not valid JSON.");
    expectRefusal(await callAs(newIp(), vitalsAction, { page: 1 }), 400, "Not a web-vitals beacon.");
    expectRefusal(await callAs(newIp(), quoteAction, { items: "x" }), 400, "The cart could not be read.");
    expectRefusal(await callAs(newIp(), passkeySignIn, { step: "x" }), 400, "Not a passkey request.");
  });

  it("a closed endpoint (404), a route's own refusal (404) and the rate limit (429)", async () => {
    expectRefusal(await callAs(newIp(), courierUpdates, { awb: "AWB1234" }), 404, "Not found");
    const key = { idempotencyKey: "k".repeat(32) };
    const limited = newIp();
    expectRefusal(await callAs(limited, releaseAction, key), 404, "Not found");
    let last = await callAs(limited, releaseAction, key);
    for (let i = 0; i < 40 && last.status !== 429; i++) last = await callAs(limited, releaseAction, key);
    expectRefusal(last, 429);
    expect(last.body).toMatchObject({ code: "rate-limited" });
    const pin = await answer(() =>
      callRoute(pinLoader, shopRequest("/api/pin/12"), { pin: "12" }, { clientIp: newIp() }),
    );
    expectRefusal(pin, 400);
    expect(pin.body.fieldErrors).toMatchObject({ pincode: pin.body.message });
  });

  it("the admin guards: no session (401), another site (403), a role without the permission (403 + role)", async () => {
    const csv = "/api/admin/orders.csv?kind=order";
    expectRefusal(await answer(() => callRoute(ordersCsv, shopRequest(csv))), 401, "Admin login required");
    const crossSite = shopRequest(csv, { method: "POST", origin: "https://evil.example" });
    expectRefusal(await answer(() => callRoute(ordersCsv, crossSite)), 403, "Cross-origin request refused");
    const catalogue = await adminSession(undefined, { role: "catalogue" });
    const role = await answer(() => callRoute(ordersCsv, catalogue.request(csv)));
    expectRefusal(role, 403, "Your role (Catalogue) does not allow this.");
    expect(role.body.role).toBe("catalogue");
    // A route's own refusal with the fields to fix: filters the export cannot read.
    const owner = await adminSession();
    const bad = await answer(() => callRoute(ordersCsv, owner.request(`${csv}&status=nope`)));
    expectRefusal(bad, 400, "Invalid filters");
    expect(bad.body.fieldErrors).toMatchObject({ status: expect.any(String) });
  });

  it("the webhooks and a body read by hand (CSP reports)", async () => {
    const hook = await callAs(
      newIp(),
      webhookAction,
      { event: "payment.captured" },
      {
        "content-type": "application/json",
        "x-razorpay-signature": "00",
      },
    );
    expectRefusal(hook, 503, "webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)");
    const csp = await callAs(newIp(), cspAction, "{}", { "content-type": "application/json" });
    expectRefusal(csp, 415, "Send a CSP report (application/reports+json or application/csp-report).");
    const notReport = await callAs(
      newIp(),
      cspAction,
      { nope: 1 },
      { "content-type": "application/csp-report" },
    );
    expectRefusal(notReport, 400, "Not a CSP report.");
  });
});
