import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  action as sectionAction,
  loader as sectionLoader,
} from "~/features/settings/routes/admin-settings-section";
import { shopSettings } from "~/features/settings/store-settings.server";
import { enableTotp, newTotpSecret, totpCode } from "~/platform/auth/second-factor.server";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/db/tables.server";
import { shopSettings as settingsTable } from "~/features/settings/tables.server";
import { adminSession, ORIGIN, type AdminSession } from "../support/admin-session";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Issue 42: the settings split into sections, each a page with its own form that saves only its fields. A
// section saved meanwhile by someone else is not overwritten by another section's save; a stale save of the
// same section is refused (409) and writes nothing. Owner only; step-up as the one form asked.

setupTestDatabase({ PUBLIC_URL: ORIGIN, ADMIN_SECRETS_KEY: "d".repeat(64) });

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
type Page = { section: string; values: Record<string, string>; version: string };

let owner: AdminSession;
beforeAll(async () => {
  owner = await adminSession("sections-owner@neonlights.in");
});

async function page(section: string, who = owner): Promise<Page> {
  return (await callRoute(sectionLoader, who.request(`/admin/settings/${section}`), { section })) as Page;
}

/** The section's form as its page renders it: its values, the version, the intent. */
async function formOf(section: string) {
  const p = await page(section);
  return { intent: "save", version: p.version, ...p.values };
}

async function save(section: string, fields: Record<string, string>, who = owner) {
  const request = who.request(`/admin/settings/${section}`, { form: fields });
  const r = await outcome(callRoute(sectionAction, request, { section }));
  return { status: r.status, location: r.location, data: r.body as Answer };
}

const storedRow = async () => (await db().select().from(settingsTable).where(eq(settingsTable.id, 1)))[0]!;

describe("a section's page", () => {
  it("shows the values of its settings and a version; an unknown section is not found", async () => {
    const store = await page("store");
    expect(store.values["store.name"]).toBeTruthy();
    expect(store.values["social.instagramUrl"]).toBeTruthy();
    expect(store.values).not.toHaveProperty("legal.legalName");
    expect(store.version).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const courier = await page("courier");
    expect(courier.values["shipping.pickupPincode"]).toBe("243601");
    await expect(
      callRoute(sectionLoader, owner.request("/admin/settings/nope"), { section: "nope" }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("saving a section", () => {
  it("writes only its fields: another section saved meanwhile keeps its values", async () => {
    const store = await formOf("store");
    const legal = await formOf("legal");
    expect((await save("legal", { ...legal, "legal.legalName": "Glow Lights LLP" })).status).toBe(200);
    // The store form was loaded before the legal save: its section did not change, so it is saved.
    const r = await save("store", {
      ...store,
      "store.name": "Glow Store",
      // Another section's field posted with it is ignored.
      "legal.legalName": "Sneaked In",
    });
    expect(r).toMatchObject({ status: 200, data: { ok: true, message: "Settings saved successfully" } });
    const s = await shopSettings();
    expect(s.store.name).toBe("Glow Store");
    expect(s.legal.legalName).toBe("Glow Lights LLP");
  });

  it("refuses a stale save of the same section (409), writing nothing", async () => {
    const stale = await formOf("store");
    expect((await save("store", { ...stale, "store.hoursSunday": "Sun: 11-2" })).status).toBe(200);
    const before = await storedRow();
    const second = await save("store", { ...stale, "store.hoursSunday": "Sun: Open" });
    expect(second.status).toBe(409);
    expect(second.data.message).toMatch(/^Someone else saved the Store settings meanwhile/);
    expect(await storedRow()).toEqual(before);
    expect((await shopSettings()).store.hoursSunday).toBe("Sun: 11-2");
  });

  it("the pickup PIN code is the courier section's: the shipping section's save leaves it alone", async () => {
    const shipping = await formOf("shipping");
    const courier = await formOf("courier");
    expect((await save("courier", { ...courier, "shipping.pickupPincode": "243122" })).status).toBe(200);
    const r = await save("shipping", { ...shipping, "shipping.standardFee": "249" });
    expect(r.status).toBe(200);
    const s = await shopSettings();
    expect(s.shipping).toMatchObject({ pickupPincode: "243122", standardFee: 249 });
  });

  it("answers a bad field with its message next to it and writes nothing", async () => {
    const before = await storedRow();
    const r = await save("store", { ...(await formOf("store")), "store.email": "nobody@" });
    expect(r.status).toBe(400);
    expect(r.data.fieldErrors).toEqual({ "store.email": "Store email must be a valid email address" });
    expect(await storedRow()).toEqual(before);
  });

  it("records what changed in the audit trail, as the one form did", async () => {
    const form = await formOf("reviews");
    expect((await save("reviews", { ...form, "reviews.autoPublish": "auto-text" })).status).toBe(200);
    const rows = await db().select().from(auditLog).where(eq(auditLog.kind, "setting"));
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ action: "save", subject: "1", actorEmail: "sections-owner@neonlights.in" });
    expect(row.after).toMatchObject({ settings: { reviews: { autoPublish: "auto-text" } } });
    expect(Object.keys((row.after as { settings: object }).settings)).toEqual(["reviews"]);
  });
});

describe("who may save a section", () => {
  it("only the Owner: another role is refused (403) and nothing changes", async () => {
    const form = await formOf("store");
    const before = await storedRow();
    for (const role of ["operations", "catalogue", "accounts"] as const) {
      const member = await adminSession(`sections-${role}@neonlights.in`, { role });
      const r = await save("store", { ...form, "store.name": "Not Theirs" }, member);
      expect(r.status, role).toBe(403);
      await expect(
        callRoute(sectionLoader, member.request("/admin/settings/store"), { section: "store" }),
      ).rejects.toMatchObject({ status: 403 });
    }
    expect(await storedRow()).toEqual(before);
  });

  it("asks an Owner with a second factor proved more than 5 minutes ago to prove it again", async () => {
    const s = await adminSession("sections-stepup@neonlights.in");
    const { secret } = newTotpSecret(s.email);
    const T = Date.now() - 10 * 60_000;
    expect((await enableTotp(s.userId, secret, totpCode(secret, T), T)).ok).toBe(true);
    const stale = await adminSession(s.email, { verifiedAt: new Date(Date.now() - 6 * 60_000) });
    const form = await formOf("courier");
    const before = await storedRow();
    const r = await save("courier", { ...form, "courier.pickupLocation": "Elsewhere" }, stale);
    expect(r.status).toBe(302);
    expect(r.location).toMatch(/^\/admin\/step-up\?next=/);
    expect(await storedRow()).toEqual(before);
    const fresh = await adminSession(s.email, { verifiedAt: new Date() });
    expect((await save("courier", { ...form, "courier.pickupLocation": "Elsewhere" }, fresh)).status).toBe(
      200,
    );
  });
});

describe("the Workshop section (issue 44)", () => {
  it("saves its costs, one field per colour and size, and answers a bad value next to its field, writing nothing", async () => {
    const form = await formOf("workshop");
    const shown: Record<string, string> = form;
    expect(shown["workshop.ledCostPerMetre.white"]).toBe("160");
    expect(shown["workshop.packingBySize.XL"]).toBe("450");
    const r = await save("workshop", {
      ...form,
      "workshop.ledCostPerMetre.white": "175",
      "workshop.packingBySize.XL": "500",
      "workshop.readyMadeLedMetres.L": "6.5",
    });
    expect(r).toMatchObject({ status: 200, data: { ok: true } });
    const s = await shopSettings();
    expect(s.workshop.ledCostPerMetre.white).toBe(175);
    expect(s.workshop.packingBySize.XL).toBe(500);
    expect(s.workshop.readyMadeLedMetres.L).toBe(6.5);

    const before = await storedRow();
    const bad = await save("workshop", {
      ...(await formOf("workshop")),
      "workshop.ledCostPerMetre.blue": "lots",
      "workshop.dimmerCost": "150",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      "workshop.ledCostPerMetre.blue": "LED flex for Electric Blue (₹/m) must be a whole number",
    });
    expect(await storedRow()).toEqual(before);
  });
});

describe("the Product feeds section (issue 46)", () => {
  it("turns each feed on or off, refusing anything else with its message and writing nothing", async () => {
    const feeds = await formOf("feeds");
    expect(feeds).toMatchObject({ "feeds.google": "off", "feeds.meta": "off" });
    const bad = await save("feeds", { ...feeds, "feeds.google": "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ "feeds.google": "Choose whether the Google feed is published" });
    expect((await shopSettings()).feeds).toEqual({ google: "off", meta: "off" });
    expect((await save("feeds", { ...feeds, "feeds.google": "on" })).status).toBe(200);
    expect((await shopSettings()).feeds).toEqual({ google: "on", meta: "off" });
  });
});
