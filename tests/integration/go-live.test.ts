import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "~/features/dashboard/routes/dashboard-page";
import { goLiveStatus } from "~/features/dashboard/go-live.server";
import { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { goLiveTicks } from "~/features/settings/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { adminSession, shopRequest, type AdminSession } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { outcome, routeArgs } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// The go-live checklist (issue 27): what it says of a new shop, the owner's ticks through the dashboard's action,
// and dispatch without a GSTIN following the chosen mode, with the order dialog's words to match.
setupTestDatabase();

let admin: AdminSession;
let staff: AdminSession;
beforeAll(async () => {
  admin = await adminSession("owner@example.com");
  staff = await adminSession("helper@example.com", { isAdmin: false });
});

const tick = (fields: Record<string, string>, who: AdminSession | null = admin) => {
  const form = { intent: "go-live-tick", ...fields };
  const request = who ? who.request("/admin", { form }) : shopRequest("/admin", { form });
  return outcome(() => dashboardRoute.action(routeArgs(request)));
};
const item = async (id: string) => (await goLiveStatus()).items.find((i) => i.id === id)!;
const dispatch = (id: string) =>
  changeOrderStatus(
    { kind: "order", id, to: "dispatched", courier: "Delhivery", trackingNumber: `T${id.slice(0, 6)}` },
    admin.actor,
  );

describe("the go-live checklist", () => {
  it("lists what a new shop still needs, each with where to fill it in", async () => {
    const s = await goLiveStatus();
    expect(s.done).toBe(false);
    expect(s.items.map((i) => [i.id, i.done])).toEqual([
      ["legal-name", false],
      ["gst", false],
      ["payment-keys", false],
      ["contact", false],
      ["grievance", false],
      ["pickup", false],
      ["policies", false],
    ]);
    expect((await item("gst")).href).toBe("/admin/settings/legal#settings-legal-gstin");
    expect((await item("grievance")).href).toBe("/admin/settings/legal#settings-grievance-name");
  });

  it("takes the owner's ticks from admins only, refuses unknown items, and unticks", async () => {
    expect((await tick({ item: "policies-reviewed", ticked: "yes" }, staff)).status).toBe(403);
    expect((await tick({ item: "policies-reviewed", ticked: "yes" }, null)).status).toBe(401);
    expect((await tick({ item: "launch-rockets", ticked: "yes" })).status).toBe(400);
    expect((await tick({ item: "policies-reviewed", ticked: "maybe" })).status).toBe(400);
    expect(await db().select().from(goLiveTicks)).toHaveLength(0);

    expect((await tick({ item: "policies-reviewed", ticked: "yes" })).status).toBe(200);
    expect((await tick({ item: "policies-reviewed", ticked: "yes" })).status).toBe(200); // twice: one row
    expect(await db().select().from(goLiveTicks)).toEqual([
      expect.objectContaining({ item: "policies-reviewed", tickedByEmail: "owner@example.com" }),
    ]);
    expect((await item("policies")).done).toBe(true);
    expect((await tick({ item: "policies-reviewed", ticked: "no" })).status).toBe(200);
    expect((await item("policies")).done).toBe(false);
  });

  it("is done once every item is filled in", async () => {
    const { settings, version } = await loadShopSettings();
    const gstin = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
    const saved = await saveShopSettings(
      {
        ...settings,
        store: {
          ...settings.store,
          email: "orders@glowhouse.in",
          phone: "+91 99999 11111",
          address: "Plot 4, Sector 62, Noida",
        },
        legal: { ...settings.legal, legalName: "Glow House Private Limited", gstin },
        grievance: { name: "Meera Shah", email: "grievance@glowhouse.in", phone: "+91 99999 22222" },
      },
      admin.actor,
      version,
    );
    expect(saved.ok).toBe(true);
    for (const t of ["pickup-confirmed", "policies-reviewed"]) await tick({ item: t, ticked: "yes" });
    const s = await goLiveStatus();
    // Payment keys come from the environment (none in tests): the one item left.
    expect(s.items.filter((i) => !i.done).map((i) => i.id)).toEqual(["payment-keys"]);
    expect((await item("gst")).tick).toBeUndefined(); // with a GSTIN there is nothing to choose
    await saveShopSettings({ ...settings }, admin.actor, saved.ok ? saved.version : "");
    for (const t of ["pickup-confirmed", "policies-reviewed"]) await tick({ item: t, ticked: "no" });
  });
});

describe("dispatch without a GSTIN", () => {
  it("says a GSTIN is missing until the owner chooses; once not registered, issues a bill of supply", async () => {
    const before = await insertOrder({ status: "in_production" });
    const r1 = await dispatch(before.id);
    expect(r1.ok && r1.invoice).toEqual({ problem: expect.stringContaining("GSTIN") });
    expect((await orderInvoicesSection("order", before.id)).doc).toBe("none");
    expect((await item("gst")).detail).toContain("orders then get a bill of supply");

    expect((await tick({ item: "gst-not-registered", ticked: "yes" })).status).toBe(200);
    expect((await item("gst")).done).toBe(true);
    expect((await item("gst")).detail).toContain("each order gets a bill of supply");
    const o = await insertOrder({ status: "in_production" });
    const r2 = await dispatch(o.id);
    expect(r2.ok).toBe(true);
    expect(r2.ok && r2.invoice).toEqual({ number: expect.stringMatching(/^BS\//), title: "Bill of Supply" });
    const rows = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
    expect(rows.map((r) => r.kind)).toEqual(["bill_of_supply"]);
    expect(await orderInvoicesSection("order", o.id)).toMatchObject({
      doc: "bill-of-supply",
      canRequest: false,
    });
    await tick({ item: "gst-not-registered", ticked: "no" });
  });
});
