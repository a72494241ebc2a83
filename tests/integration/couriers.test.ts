import { describe, expect, it } from "vitest";
import { action as estimateAction } from "~/features/couriers/routes/api-delivery-estimate";
import { deliveryForPin, describeFulfilment, fulfilmentMode } from "~/features/couriers/couriers.server";
import { ShiprocketClient, ShiprocketError } from "~/features/couriers/shiprocket.server";
import {
  COD_UNAVAILABLE_MESSAGE,
  NOT_SERVICEABLE_MESSAGE,
  PIN_MESSAGE,
} from "~/features/couriers/courier-messages";
import { addBusinessDays } from "~/shared/business-days";
import { todayInIndia } from "~/shared/ist-dates";
import { parseEnv } from "~/platform/env.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { callAs, makeCategory, makeProduct, newShopper, productLine } from "../support/checkout-fixtures";
import { FAKE_COURIERS, fakeShiprocketEnv, TEST_SHIPROCKET } from "../support/fake-shiprocket";
import { newClientIp, postCheckout, postQuote } from "../support/orders";
import { countRows } from "../support/test-db";
import { shopWithFakeShiprocket } from "../support/courier-test-shop";

// Delivery to a PIN through the courier aggregator (issue 28): the Shiprocket client against the fake,
// the PIN look-up endpoint, the checkout's quote and the order's refusal before anything is written.

const SERVED = "700016"; // Delhivery (COD) and Blue Dart (prepaid only)
const PREPAID_ONLY = "560001"; // Blue Dart only: no cash on delivery
const NOWHERE = "793001"; // no courier
// The city and state of each PIN (the checkout refuses a PIN in another state than the one chosen).
const SHILLONG = { city: "Shillong", state: "meghalaya" };
const BENGALURU = { city: "Bengaluru", state: "karnataka" };

const fake = await shopWithFakeShiprocket({
  [SERVED]: [FAKE_COURIERS.delhivery, FAKE_COURIERS.bluedart],
  [PREPAID_ONLY]: [FAKE_COURIERS.bluedart],
});

const estimate = (body: unknown, ip = newClientIp()) => callAs(ip, estimateAction, body);
/** Today plus the settings' ready-made dispatch days (2) plus the courier's days in transit. */
const courierDay = (transit: number) => addBusinessDays(addBusinessDays(todayInIndia(), 2), transit);

describe("the Shiprocket client", () => {
  it("logs in once, reuses its token, and logs in again when the token has ended", async () => {
    const api = new ShiprocketClient({ baseUrl: fake.baseUrl, ...TEST_SHIPROCKET });
    const logins = fake.state.logins;
    const q = { pickupPincode: "243601", deliveryPincode: SERVED, weightKg: 2, cod: false };
    expect((await api.serviceability(q)).couriers.map((c) => c.name)).toEqual([
      "Delhivery Surface",
      "Blue Dart",
    ]);
    await api.serviceability(q);
    expect(fake.state.logins).toBe(logins + 1);
    fake.expireTokens();
    expect((await api.serviceability(q)).couriers).toHaveLength(2);
    expect(fake.state.logins).toBe(logins + 2);
  });

  it("reads the couriers' price (rounded up), days and COD, and an unserved PIN as none", async () => {
    const api = new ShiprocketClient({ baseUrl: fake.baseUrl, ...TEST_SHIPROCKET });
    const served = await api.serviceability({
      pickupPincode: "243601",
      deliveryPincode: SERVED,
      weightKg: 2,
      cod: false,
    });
    expect(served.couriers).toEqual([
      { courierId: 43, name: "Delhivery Surface", rate: 54, transitDays: 4, cod: true },
      { courierId: 1, name: "Blue Dart", rate: 119, transitDays: 2, cod: false },
    ]);
    const none = await api.serviceability({
      pickupPincode: "243601",
      deliveryPincode: NOWHERE,
      weightKg: 2,
      cod: false,
    });
    expect(none.couriers).toEqual([]);
  });

  it("a wrong password is refused without the password in the error", async () => {
    const api = new ShiprocketClient({
      baseUrl: fake.baseUrl,
      email: TEST_SHIPROCKET.email,
      password: "wrong-secret-123",
    });
    const err = await api
      .serviceability({ pickupPincode: "243601", deliveryPincode: SERVED, weightKg: 2, cod: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShiprocketError);
    expect(String((err as Error).message)).not.toContain("wrong-secret-123");
  });
});

describe("the delivery date for a PIN", () => {
  it("comes from the courier: dispatch days, then the fastest and the cheapest courier's days", async () => {
    const r = await estimate({ pincode: SERVED });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: true,
      pincode: SERVED,
      source: "courier",
      serviceable: true,
      cod: true,
      from: courierDay(2),
      to: courierDay(4),
    });
  });

  it("counts a custom sign's making days instead", async () => {
    const r = await estimate({ pincode: SERVED, custom: true });
    expect(r.body.to).toBe(addBusinessDays(addBusinessDays(todayInIndia(), 5), 4));
  });

  it("says when nobody delivers there, and when nobody collects cash", async () => {
    expect((await estimate({ pincode: NOWHERE })).body).toEqual({
      ok: true,
      pincode: NOWHERE,
      source: "courier",
      serviceable: false,
    });
    expect((await estimate({ pincode: PREPAID_ONLY })).body).toMatchObject({ serviceable: true, cod: false });
  });

  it("falls back to the settings' window when the courier API fails", async () => {
    fake.state.failNext = [500];
    const r = await deliveryForPin(SERVED, { custom: false });
    expect(r).toEqual({
      source: "settings",
      serviceable: true,
      cod: true,
      from: addBusinessDays(todayInIndia(), 7),
      to: addBusinessDays(todayInIndia(), 14),
    });
  });

  it("refuses a PIN that is not six digits with a clear message, and asks no courier", async () => {
    const asked = fake.state.requests.length;
    for (const pincode of ["12345", "0123456", "abcdef", "", 700016]) {
      const r = await estimate({ pincode });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, message: PIN_MESSAGE });
    }
    expect(fake.state.requests.length).toBe(asked);
  });

  it("caps the body and limits each network", async () => {
    expect((await estimate(JSON.stringify({ pincode: SERVED, pad: "x".repeat(2_000) }))).status).toBe(413);
    const ip = newClientIp();
    for (let i = 0; i < 60; i++) expect((await estimate({ pincode: SERVED }, ip)).status).toBe(200);
    const over = await estimate({ pincode: SERVED }, ip);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });
});

describe("the checkout", () => {
  it("quotes standard delivery with the courier's date for the PIN", async () => {
    const product = (await makeProduct(await makeCategory())).id;
    const q = await postQuote({ items: [productLine(product)], pincode: SERVED, paymentMethod: "cod" });
    expect(q.status).toBe(200);
    const standard = (q.body.options as { method: string }[]).find((o) => o.method === "standard");
    expect(standard).toMatchObject({ from: courierDay(2), to: courierDay(4), courier: true });
    expect(q.body.delivery).toMatchObject({ serviceable: true, cod: true });
  });

  it("refuses an order to a PIN nobody delivers to, or COD where nobody collects cash, writing nothing", async () => {
    const product = (await makeProduct(await makeCategory())).id;
    const before = await countRows(orders);
    const nowhere = await postCheckout([productLine(product)], {
      shopper: { ...newShopper(), pincode: NOWHERE },
      form: SHILLONG,
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body).toMatchObject({
      message: NOT_SERVICEABLE_MESSAGE,
      fieldErrors: { pincode: NOT_SERVICEABLE_MESSAGE },
    });
    const cod = await postCheckout([productLine(product)], {
      shopper: { ...newShopper(), pincode: PREPAID_ONLY },
      form: BENGALURU,
    });
    expect(cod.status).toBe(422);
    expect(cod.body).toMatchObject({ fieldErrors: { paymentMethod: COD_UNAVAILABLE_MESSAGE } });
    expect(await countRows(orders)).toBe(before);
    // Paid online, the same PIN is fine.
    const online = await postCheckout([productLine(product)], {
      method: "razorpay",
      shopper: { ...newShopper(), pincode: PREPAID_ONLY },
      form: BENGALURU,
    });
    expect(online.status).toBe(201);
    expect(await countRows(orders)).toBe(before + 1);
  });
});

describe("without Shiprocket keys", () => {
  it("ships manually and says so; half the keys stop the start", () => {
    const manual = parseEnv({ NODE_ENV: "test" });
    expect(fulfilmentMode(manual)).toBe("manual");
    expect(describeFulfilment(manual).message).toMatch(/manual mode/);
    expect(fulfilmentMode(parseEnv({ NODE_ENV: "test", ...fakeShiprocketEnv(fake) }))).toBe("shiprocket");
    expect(
      describeFulfilment(parseEnv({ NODE_ENV: "test", ...fakeShiprocketEnv(fake) })).message,
    ).not.toContain(TEST_SHIPROCKET.password);
    expect(() => parseEnv({ NODE_ENV: "test", SHIPROCKET_EMAIL: TEST_SHIPROCKET.email })).toThrow(
      /SHIPROCKET_PASSWORD: must be set with SHIPROCKET_EMAIL/,
    );
  });
});
