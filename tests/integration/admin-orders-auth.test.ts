import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { customNeonOrders, orders, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import * as csvRoute from "~/features/orders/routes/api-admin-orders-csv";
import * as customRoute from "~/features/orders/routes/admin-custom-neon";
import * as dashboardRoute from "~/features/dashboard/routes/dashboard-page";
import * as purchasesRoute from "~/features/orders/routes/admin-purchases";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { outbox } from "../support/outbox";
import { outcome, routeArgs as args } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Every admin order page, action and the CSV export, called as the router calls them: refused
// without an admin session (pages redirect to the login, actions and the export answer 401, a
// signed-in non-admin 403, a cross-origin post 403), and nothing is written.

const testDb = setupTestDatabase({ PUBLIC_URL: ORIGIN });

let orderId: string;
let customId: string;
let admin: AdminSession;
let staff: AdminSession;

beforeAll(async () => {
  const shopper = { customerName: "A", customerEmail: "a@example.com", customerPhone: "+919800000001" };
  orderId = (await insertOrder({ ...shopper, subtotal: 1000, deliveryFee: 299 }, [])).id;
  customId = (
    await insertCustomOrder({ customerName: "B", customerEmail: "b@example.com", customText: "Hi" })
  ).id;
  admin = await adminSession("boss@example.com");
  staff = await adminSession("not-admin@example.com", { isAdmin: false });
});

/** A form post to `path` as `who` (nobody when left out), from `origin` (the shop's own page by default). */
const post = (path: string, fields: Record<string, string>, who?: AdminSession, origin?: string) =>
  shopRequest(path, { form: fields, cookie: who?.cookie, origin });
const get = (path: string, who?: AdminSession) => shopRequest(path, { cookie: who?.cookie });

async function unchanged() {
  const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [c] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, customId));
  const h = await db().select().from(orderStatusHistory);
  return o!.status === "pending" && c!.status === "pending" && h.length === 0;
}

describe("without an admin session", () => {
  it("the pages redirect to the login", async () => {
    for (const [route, path] of [
      [purchasesRoute, "/admin/purchases"],
      [customRoute, "/admin/custom-neon"],
    ] as const) {
      const r = await outcome(() => route.loader(args(get(path))));
      expect(r.status, path).toBe(302);
      expect(r.location).toBe("/admin/login");
      const asStaff = await outcome(() => route.loader(args(get(path, staff))));
      expect(asStaff.status, `${path} as a non-admin`).toBe(302);
    }
  });

  it("every action is refused and nothing is written", async () => {
    const status = { intent: "status", to: "confirmed" };
    const payment = { intent: "payment", to: "failed" };
    const cases = [
      [purchasesRoute, "/admin/purchases", { ...status, kind: "order", id: orderId }],
      [purchasesRoute, "/admin/purchases", { ...payment, kind: "order", id: orderId }],
      [customRoute, "/admin/custom-neon", { ...status, kind: "custom", id: customId }],
      [customRoute, "/admin/custom-neon", { ...payment, kind: "custom", id: customId }],
    ] as const;
    for (const [route, path, fields] of cases) {
      expect(
        (await outcome(() => route.action(args(post(path, fields))))).status,
        `${path} ${fields.intent}`,
      ).toBe(401);
      expect((await outcome(() => route.action(args(post(path, fields, staff))))).status).toBe(403);
      // An admin's cookie sent from another site's page.
      const cross = post(path, fields, admin, "https://evil.example");
      expect((await outcome(() => route.action(args(cross)))).status).toBe(403);
    }
    expect(await unchanged()).toBe(true);
  });

  it("the CSV export answers 401 (403 for a non-admin) and gives no data", async () => {
    for (const kind of ["order", "custom"]) {
      const r = await outcome(() => csvRoute.loader(args(get(`/api/admin/orders.csv?kind=${kind}`))));
      expect(r.status).toBe(401);
      expect(String(r.body)).not.toContain("@example.com");
      expect(
        (await outcome(() => csvRoute.loader(args(get(`/api/admin/orders.csv?kind=${kind}`, staff))))).status,
      ).toBe(403);
    }
  });
});

describe("with an admin session", () => {
  it("the page loads, the action changes the order with the admin recorded, the export downloads", async () => {
    const page = await outcome(() =>
      purchasesRoute.loader(args(get(`/admin/purchases?order=${orderId}`, admin))),
    );
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body)).toContain(orderId);

    const bad = await outcome(() =>
      purchasesRoute.action(
        args(
          post("/admin/purchases", { intent: "status", kind: "order", id: orderId, to: "dispatched" }, admin),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      fieldErrors: { courier: "Enter the courier.", trackingNumber: "Enter the tracking number." },
    });

    const wrongKind = await outcome(() =>
      customRoute.action(
        args(
          post(
            "/admin/custom-neon",
            { intent: "status", kind: "order", id: orderId, to: "confirmed" },
            admin,
          ),
        ),
      ),
    );
    expect(wrongKind.status).toBe(400);
    expect(await unchanged()).toBe(true);

    const ok = await outcome(() =>
      purchasesRoute.action(
        args(
          post(
            "/admin/purchases",
            {
              intent: "status",
              kind: "order",
              id: orderId,
              to: "confirmed",
              expected: "pending",
              note: "Called",
            },
            admin,
          ),
        ),
      ),
    );
    expect(ok).toMatchObject({ status: 200, body: { ok: true, message: "Status set to Confirmed." } });
    // The shopper's e-mail for the confirmed order lands in the outbox (no SMTP configured).
    await runQueuedJobs();
    const mails = outbox(testDb.dataDir).rawMails();
    expect(
      mails.filter(
        (m) => m.includes("confirmed: your sign goes into production") && m.includes("To: a@example.com"),
      ),
    ).toHaveLength(1);
    const [h] = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(h).toMatchObject({
      fromValue: "pending",
      toValue: "confirmed",
      note: "Called",
      changedByEmail: "boss@example.com",
    });

    const refused = await outcome(() =>
      purchasesRoute.action(
        args(
          post("/admin/purchases", { intent: "status", kind: "order", id: orderId, to: "delivered" }, admin),
        ),
      ),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { ok: false, message: "An order cannot move from Confirmed to Delivered." },
    });

    const csv = await csvRoute.loader(args(get("/api/admin/orders.csv?kind=order&status=confirmed", admin)));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await csv.text();
    expect(text.trim().split("\r\n")).toHaveLength(2);
    expect(text).toContain(",Confirmed,COD,Pending,");
  });
});

describe("the owner dashboard and the RTO form, as the router calls them", () => {
  it("the dashboard needs an admin; a bad period answers 400 with a message and the default 30 days", async () => {
    const out = await outcome(() => dashboardRoute.loader(args(get("/admin?range=7"))));
    expect(out).toMatchObject({ status: 302, location: "/admin/login" });
    const ok = await outcome(() => dashboardRoute.loader(args(get("/admin?range=7", admin))));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ query: { range: 7, test: false }, error: null });
    expect((ok.body as { days: unknown[] }).days).toHaveLength(7);
    const bad = await outcome(() => dashboardRoute.loader(args(get("/admin?range=3650", admin))));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ query: { range: 30 }, error: "Choose 7, 30 or 90 days." });
  });

  it("an RTO without a reason or before dispatch is refused with the field's message; nothing is written", async () => {
    const noReason = await outcome(() =>
      purchasesRoute.action(
        args(post("/admin/purchases", { intent: "status", kind: "order", id: orderId, to: "rto" }, admin)),
      ),
    );
    expect(noReason).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { rtoReason: "Choose why the order came back." } },
    });
    const early = await outcome(() =>
      purchasesRoute.action(
        args(
          post(
            "/admin/purchases",
            { intent: "status", kind: "order", id: orderId, to: "rto", rtoReason: "refused" },
            admin,
          ),
        ),
      ),
    );
    expect(early).toMatchObject({
      status: 409,
      body: { ok: false, message: "Only a dispatched order can be marked returned to origin (RTO)." },
    });
    const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).not.toBe("rto");
    expect(o!.rtoReason).toBeNull();
  });
});
