import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/features/settings/routes/admin-settings";
import { action as registerAction } from "~/features/shipments/routes/api-admin-pickup-location";
import { PICKUP_PHONE_MESSAGE, PICKUP_STATE_MESSAGE } from "~/features/settings/courier-settings";
import { shopSettings } from "~/features/settings/store-settings.server";
import { bookCourier } from "~/features/shipments/courier-booking.server";
import { getOrderDetails } from "~/features/orders/admin-order-details.server";
import { forgetCourierAnswers } from "~/features/couriers/couriers.server";
import { db } from "~/platform/db/client.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { shopSettings as settingsTable } from "~/features/settings/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { FAKE_COURIERS, fakeShiprocketEnv, startFakeShiprocket } from "../support/fake-shiprocket";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// The courier settings (issue 28, decision 040) saved on /admin/settings and used by every booking against
// the fake Shiprocket: the pickup location registered and named, the box of the largest sign and the weight
// of all, the preferred courier when it serves; bad input refused with its message and nothing changed.

const fake = await startFakeShiprocket({
  routes: { "243001": [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart, FAKE_COURIERS.ecom] },
});
setupTestDatabase({ PUBLIC_URL: ORIGIN, ...fakeShiprocketEnv(fake) });
afterAll(async () => {
  await runQueuedJobs();
  await fake.close();
});
let owner: AdminSession;
beforeAll(async () => {
  owner = await adminSession("courier-settings@neonlights.in");
});
beforeEach(() => {
  forgetCourierAnswers();
  fake.state.failNext = [];
});

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
async function formNow(): Promise<Record<string, string>> {
  const loaded = (await callRoute(settingsLoader, owner.request("/admin/settings"))) as {
    values: Record<string, string>;
    version: string;
    shiprocket: boolean;
  };
  expect(loaded.shiprocket).toBe(true);
  return { intent: "save", version: loaded.version, ...loaded.values };
}
async function save(changes: Record<string, string>) {
  const request = owner.request("/admin/settings", { form: { ...(await formNow()), ...changes } });
  const r = await outcome(callRoute(settingsAction, request));
  return { status: r.status, body: r.body as Answer };
}
const register = async (cookie = owner.cookie) => {
  const request = shopRequest("/api/admin/pickup-location", { form: { intent: "register-pickup" }, cookie });
  const r = await outcome(callRoute(registerAction, request));
  return { status: r.status, body: r.body as Answer };
};
const storedRow = async () => (await db().select().from(settingsTable).where(eq(settingsTable.id, 1)))[0]!;

const WORKSHOP = {
  "courier.pickup.name": "Asha Verma",
  "courier.pickup.phone": "+91 99887 76655",
  "courier.pickup.address1": "Plot 7, Industrial Area",
  "courier.pickup.address2": "Civil Lines",
  "courier.pickup.city": "Bareilly",
  "courier.pickup.state": "uttar-pradesh",
  "shipping.pickupPincode": "243122",
  "courier.pickupLocation": "Bareilly Workshop",
};

describe("courier settings", () => {
  it("are saved from the settings page, registered with Shiprocket, and used by the next booking", async () => {
    // Until the nickname is registered, Shiprocket refuses a booking naming it, and nothing moves.
    expect(await save(WORKSHOP)).toMatchObject({ status: 200, body: { ok: true } });
    const early = await insertOrder({
      status: "in_production",
      paymentStatus: "paid",
      paymentMethod: "razorpay",
    });
    const refused = await bookCourier({ kind: "order", id: early.id }, owner.actor);
    expect(refused).toMatchObject({ ok: false, httpStatus: 502 });
    expect(!refused.ok && refused.message).toContain("Wrong Pickup location");
    expect((await db().select().from(orders).where(eq(orders.id, early.id)))[0]!.status).toBe(
      "in_production",
    );

    // "Register with Shiprocket": the saved address under the saved nickname, with the store's e-mail.
    const registered = await register();
    expect(registered).toMatchObject({ status: 200, body: { ok: true } });
    expect(registered.body.message).toContain('"Bareilly Workshop"');
    expect(fake.pickupLocations.get("Bareilly Workshop")).toMatchObject({
      name: "Asha Verma",
      phone: "9988776655",
      address: "Plot 7, Industrial Area",
      address_2: "Civil Lines",
      city: "Bareilly",
      state: "Uttar Pradesh",
      country: "India",
      pin_code: "243122",
      email: (await shopSettings()).store.email,
    });
    // Twice: Shiprocket's refusal in its words, nothing else happens.
    const again = await register();
    expect(again.status).toBe(502);
    expect(again.body.message).toContain("Address nick name already in use");

    // Boxes and the courier choice: Blue Dart preferred (prepaid only), else the fastest.
    expect(
      await save({
        "courier.boxes.ready.S.lengthCm": "26",
        "courier.boxes.ready.S.weightKg": "0.75",
        "courier.boxes.ready.XL.lengthCm": "75",
        "courier.boxes.ready.XL.breadthCm": "70",
        "courier.boxes.ready.XL.heightCm": "11",
        "courier.boxes.ready.XL.weightKg": "2.5",
        "courier.prefer": "fastest",
        "courier.preferredCouriers": "Xpressbees, Blue Dart",
      }),
    ).toMatchObject({ status: 200 });
    const prepaid = await insertOrder(
      { status: "in_production", paymentStatus: "paid", paymentMethod: "razorpay" },
      [
        { size: "S", quantity: 2 },
        { size: "XL", quantity: 1 },
      ],
    );
    // The dialog offers the couriers for this parcel, the preferred one ticked and said so.
    const offers = (await getOrderDetails(prepaid.id))!.courierShipping.offers!;
    expect(offers).toMatchObject({
      picked: FAKE_COURIERS.bluedart.courier_company_id,
      pickedWhy: "preferred",
      parcel: { lengthCm: 75, breadthCm: 70, heightCm: 11, weightKg: 4 },
    });
    const booked = await bookCourier({ kind: "order", id: prepaid.id }, owner.actor);
    expect(booked.ok && booked.shipment).toMatchObject({ courierName: "Blue Dart", courierCharge: 119 });
    const sent = fake.shipments.get(Number(booked.ok && booked.shipment.providerShipmentId))!;
    // The largest sign's box (XL), the weight of all: 2 × 0.75 + 2.5 kg.
    expect(sent.body).toMatchObject({
      pickup_location: "Bareilly Workshop",
      length: 75,
      breadth: 70,
      height: 11,
      weight: 4,
    });
    const asked = fake.state.requests.filter((r) => r.path === "/courier/serviceability").at(-1)!;
    expect(asked.query).toMatchObject({ pickup_postcode: "243122", weight: "4", cod: "0" });

    // A COD order: the preferred Blue Dart collects no cash, so the fastest that does (Delhivery).
    const custom = await insertCustomOrder({ status: "in_production", size: "XL", quantity: 1 });
    const cod = await bookCourier({ kind: "custom", id: custom.id }, owner.actor);
    expect(cod.ok && cod.shipment.courierName).toBe("Delhivery Surface");
    const codSent = fake.shipments.get(Number(cod.ok && cod.shipment.providerShipmentId))!;
    // The custom XL's default box.
    expect(codSent.body).toMatchObject({ length: 110, breadth: 55, height: 12, weight: 3.2 });
  });

  it("refuses bad input with its message and changes nothing", async () => {
    const before = await storedRow();
    const r = await save({
      "courier.pickup.phone": "0581 234567",
      "courier.pickup.state": "gondwana",
      "courier.pickupLocation": "",
      "courier.boxes.custom.M.weightKg": "1.2345",
      "courier.boxes.ready.L.heightCm": "0",
    });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toMatchObject({
      "courier.pickup.phone": PICKUP_PHONE_MESSAGE,
      "courier.pickup.state": PICKUP_STATE_MESSAGE,
      "courier.pickupLocation": expect.stringContaining("Pickup location nickname"),
      "courier.boxes.custom.M.weightKg":
        "Custom Medium: weight must be a number of kg with at most 2 decimals",
      "courier.boxes.ready.L.heightCm": "Ready-made Large: height must be between 1 and 300 cm",
    });
    const after = await storedRow();
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(after.settings).toEqual(before.settings);
  });

  it("registering needs an admin session, and asks nothing of Shiprocket without one", async () => {
    const asked = fake.state.requests.length;
    const anonymous = await outcome(
      callRoute(
        registerAction,
        shopRequest("/api/admin/pickup-location", { form: { intent: "register-pickup" } }),
      ),
    );
    expect(anonymous.status).toBe(401);
    // A staff account that is not an admin is refused too.
    const staff = await adminSession("courier-staff@neonlights.in", { isAdmin: false });
    expect((await register(staff.cookie)).status).toBe(403);
    expect(fake.state.requests.length).toBe(asked);
    const unknown = await outcome(
      callRoute(registerAction, owner.request("/api/admin/pickup-location", { form: { intent: "drop" } })),
    );
    expect(unknown.status).toBe(400);
  });
});
