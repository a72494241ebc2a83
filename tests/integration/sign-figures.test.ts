import { beforeAll, describe, expect, it } from "vitest";
import type { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { loader } from "~/features/workshop/routes/api-admin-sign-figures";
import { adminSession, shopRequest } from "../support/admin-session";
import { insertCustomOrder } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

/* A custom order's sign measured for staff (issue 44): who may ask, and what an order that cannot be measured answers. */

setupTestDatabase();

type CustomOrder = typeof customNeonOrders.$inferSelect;
let hello: CustomOrder;
let logo: CustomOrder;
const path = (id: string) => `/api/admin/custom-orders/${id}/figures`;
const ask = (request: Request, id: string) => outcome(callRoute(loader, request, { id }));

beforeAll(async () => {
  hello = await insertCustomOrder({
    customText: "Hello",
    fontStyle: "orbitron",
    size: "M",
    backingShape: "cut-to-shape",
  });
  logo = await insertCustomOrder({ customText: "Logo (quote LQ-1)", fontStyle: "Logo artwork" });
});

describe("GET /api/admin/custom-orders/:id/figures", () => {
  it("refuses a signed-out visitor (401) and Catalogue (403), and answers staff who see orders", async () => {
    expect((await ask(shopRequest(path(hello.id)), hello.id)).status).toBe(401);
    const catalogue = await adminSession(undefined, { role: "catalogue" });
    expect((await ask(catalogue.request(path(hello.id)), hello.id)).status).toBe(403);
    const ops = await adminSession(undefined, { role: "operations" });
    const r = await ask(ops.request(path(hello.id)), hello.id);
    expect(r.status).toBe(200);
    const { ok, measurement } = JSON.parse(r.body);
    expect(ok).toBe(true);
    // Medium is 50 cm wide: the letters fill it, the backing's margin adds to it.
    expect(measurement.textWidthCm).toBe(50);
    expect(measurement.widthCm).toBeGreaterThan(50);
    expect(measurement.ledMetresTotal).toBeGreaterThan(0.5);
    expect(measurement.runs).toBe(5);
    expect(measurement.adaptorW).toBeGreaterThanOrEqual(measurement.watts * 1.2);
  }, 60_000);

  it("answers 404 for an unknown or malformed id and 422 for a design it cannot measure", async () => {
    const owner = await adminSession(undefined, { role: "owner" });
    expect((await ask(owner.request(path("nope")), "nope")).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await ask(owner.request(path(unknown)), unknown)).status).toBe(404);
    const r = await ask(owner.request(path(logo.id)), logo.id);
    expect(r.status).toBe(422);
    expect(JSON.parse(r.body).message).toMatch(/no longer offers/);
  });
});
