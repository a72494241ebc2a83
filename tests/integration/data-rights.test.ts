import fs from "node:fs";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { dataRequestEvents, dataRequests } from "~/platform/db/tables.server";
import { grievances } from "~/features/grievances/tables.server";
import { invoices } from "~/features/invoices/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { setEnv } from "~/platform/env.server";
import { JOBS, runQueuedJobs } from "~/wiring/jobs.server";
import { resetLimitPrefix } from "~/platform/limits/rate-limit.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { CODE_SENT_ANSWER } from "~/features/data-rights/data-rights";
import { PERSONAL_DATA } from "~/features/data-rights/personal-data-map";
import { RETENTION_SWEEP, sweepRetention } from "~/features/data-rights/retention.server";
import { myDataAction, myDataExport, myDataLoader } from "~/features/data-rights/routes/my-data.server";
import { invoiceDocumentsForOrder, issueInvoiceInTx } from "~/features/invoices/invoices.server";
import { documentPdfForAdmin } from "~/features/invoices/invoice-requests.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { adminSession, ORIGIN, shopRequest } from "../support/admin-session";
import { insertCustomOrder, insertOrder, NO_ORDER_LIMITS } from "../support/orders";
import { outbox } from "../support/outbox";
import { pdfText } from "../support/pdf-text";
import { makeCategory, makeProduct } from "../support/checkout-fixtures";
import { orderPageLoader } from "~/features/order-page/routes/order-page-route.server";
import { loader as ordersCsv } from "~/features/orders/routes/api-admin-orders-csv";
import { setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ...NO_ORDER_LIMITS });
const LIMITS = [
  "dataRequestPerClient",
  "dataRequestStartPerClient",
  "dataRequestStartPerContact",
  "dataExportPerClient",
] as const;
beforeEach(async () => {
  setEnv(t.env);
  for (const l of LIMITS) await resetLimitPrefix(l, "");
});

const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
beforeAll(async () => {
  const staff = await adminSession("privacy@example.com");
  const { settings, version } = await loadShopSettings();
  const r = await saveShopSettings(
    { ...settings, legal: { ...settings.legal, gstin: SHOP_GSTIN } },
    staff.actor,
    version,
  );
  expect(r.ok).toBe(true);
});

let n = 0;
const newIp = () => `203.0.113.${++n}`;
let mailboxes = 0;
const newEmail = () => `priya.${++mailboxes}.${Date.now()}@example.in`;

type Answer = {
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
  init: ResponseInit | null;
};

/** A post on /my-data from `ip` with the browser's cookie. */
async function post(form: Record<string, string>, o: { cookie?: string; ip?: string } = {}) {
  try {
    return (await myDataAction({
      request: shopRequest("/my-data", { form, cookie: o.cookie }),
      context: { clientIp: o.ip ?? newIp() },
    })) as unknown as Answer;
  } catch (e) {
    if (e instanceof Response) return { data: { ok: false }, init: { status: e.status } } as Answer;
    throw e;
  }
}

const cookieOf = (a: Answer) => {
  const set = new Headers(a.init?.headers).get("Set-Cookie") ?? "";
  return /^(data_request=[^;]+)/.exec(set)?.[1] ?? "";
};

/** Start a request for `contact`; runs the code job; returns the cookie and the mailed code ("" when none). */
async function start(contact: string, ip = newIp()) {
  const a = await post({ intent: "start", contact }, { ip });
  expect(a.data).toEqual(expect.objectContaining({ ok: true, message: CODE_SENT_ANSWER }));
  await runQueuedJobs();
  const [r] = await db().select().from(dataRequests).orderBy(desc(dataRequests.createdAt)).limit(1);
  const file = path.join(t.dataDir, "outbox", `data-code-${r!.id}.eml`);
  const code = fs.existsSync(file)
    ? (/is (\d{6})\./.exec(outbox(t.dataDir).mails(`data-code-${r!.id}`)[0] ?? "")?.[1] ?? "")
    : "";
  return { cookie: cookieOf(a), code, id: r!.id };
}

async function verified(contact: string) {
  const s = await start(contact);
  expect(s.code).toMatch(/^\d{6}$/);
  const v = await post({ intent: "verify", code: s.code }, { cookie: s.cookie });
  expect(v.data.ok).toBe(true);
  return s;
}

const exportAs = async (cookie: string) => {
  const res = await myDataExport(shopRequest("/my-data/export.json", { cookie }), { clientIp: newIp() });
  return {
    status: res.status,
    body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null,
  };
};

describe("the one-time code", () => {
  it("mails a code only to a contact the shop holds, answering the same either way", async () => {
    const email = newEmail();
    await insertOrder({ customerEmail: email });
    const known = await start(email);
    expect(known.code).toMatch(/^\d{6}$/);
    const unknown = await start(newEmail());
    expect(unknown.code).toBe("");
    expect(unknown.cookie).toMatch(/^data_request=/);
    // The code is kept only as a hash.
    const [row] = await db().select().from(dataRequests).where(eq(dataRequests.id, known.id));
    expect(row!.codeHash).not.toContain(known.code);
    expect(JSON.stringify(row)).not.toContain(`"${known.code}"`);
    // Nothing the stranger types opens the unknown contact's request.
    const v = await post({ intent: "verify", code: "123456" }, { cookie: unknown.cookie });
    expect(v.init?.status).toBe(400);
  });

  it("counts wrong codes, and the fifth kills the request (the right code then fails too)", async () => {
    const email = newEmail();
    await insertOrder({ customerEmail: email });
    const s = await start(email);
    const wrong = s.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const a = await post({ intent: "verify", code: wrong }, { cookie: s.cookie });
      expect(a.data.message).toMatch(/not right/);
    }
    const fifth = await post({ intent: "verify", code: wrong }, { cookie: s.cookie });
    expect(fifth.data.message).toMatch(/Too many/);
    const right = await post({ intent: "verify", code: s.code }, { cookie: s.cookie });
    expect(right.data.ok).toBe(false);
    expect((await exportAs(s.cookie)).status).toBe(403);
  });

  it("refuses an expired code and a replayed one", async () => {
    const email = newEmail();
    await insertOrder({ customerEmail: email });
    const late = await start(email);
    await db()
      .update(dataRequests)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataRequests.id, late.id));
    const a = await post({ intent: "verify", code: late.code }, { cookie: late.cookie });
    expect(a.data.message).toMatch(/expired/);

    const s = await verified(email);
    const replay = await post({ intent: "verify", code: s.code }, { cookie: s.cookie });
    expect(replay.data.ok).toBe(false);
    expect(replay.data.message).toMatch(/already used/);
    const stranger = await post({ intent: "verify", code: s.code });
    expect(stranger.data.message).toMatch(/request has ended/);
  });

  it("sends a phone's code to the e-mail of its orders", async () => {
    const email = newEmail();
    await insertOrder({ customerEmail: email, customerPhone: "+919812340001" });
    const s = await start("98123 40001");
    expect(s.code).toMatch(/^\d{6}$/);
    expect(outbox(t.dataDir).rawMails(`data-code-${s.id}`)[0]).toContain(email);
  });

  it("sends no code for a phone used with several e-mail addresses (a stranger may have typed it)", async () => {
    const victim = newEmail();
    const stranger = newEmail();
    await insertOrder({ customerEmail: victim, customerPhone: "+919812340002" });
    await insertOrder({ customerEmail: stranger, customerPhone: "+919812340002" });
    const s = await start("9812340002");
    expect(s.code).toBe("");
    const mails = outbox(t.dataDir).mails(`data-code-${s.id}`);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m).toMatch(/ask again on the My data page with your e-mail address/);
    expect((await db().select().from(dataRequests).where(eq(dataRequests.id, s.id)))[0]!.codeHash).toBeNull();
  });

  it("limits starts per contact and per client network", async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) expect((await post({ intent: "start", contact: email })).data.ok).toBe(true);
    const fourth = await post({ intent: "start", contact: email });
    expect(fourth.init?.status).toBe(429);
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await post({ intent: "start", contact: newEmail() }, { ip })).data.ok).toBe(true);
    expect((await post({ intent: "start", contact: newEmail() }, { ip })).init?.status).toBe(429);
  });

  it("refuses a post from another site", async () => {
    const res = await myDataAction({
      request: shopRequest("/my-data", {
        form: { intent: "start", contact: newEmail() },
        origin: "https://evil.example",
      }),
      context: { clientIp: newIp() },
    }).catch((e: unknown) => e);
    expect(res instanceof Response ? res.status : 0).toBe(403);
  });
});

describe("the export", () => {
  it("needs the code sent to the contact: no cookie, a pending request or another's request export nothing of the victim", async () => {
    const victim = newEmail();
    await insertOrder({ customerEmail: victim, customerName: "Victim Person" });
    expect((await exportAs("")).status).toBe(403);
    const pending = await start(victim);
    expect((await exportAs(pending.cookie)).status).toBe(403);
    // A stranger verifies their own contact: the export holds only theirs.
    const stranger = newEmail();
    await insertOrder({ customerEmail: stranger });
    const mine = await verified(stranger);
    const e = await exportAs(mine.cookie);
    expect(e.status).toBe(200);
    expect(JSON.stringify(e.body)).not.toContain(victim);
    expect(JSON.stringify(e.body)).not.toContain("Victim Person");
  });

  it("holds every personal-data table, the contact's rows in them, and no secrets", async () => {
    const email = newEmail();
    const o = await insertOrder({ customerEmail: email, whatsappUpdates: true });
    await insertCustomOrder({ customerEmail: email });
    const s = await verified(email);
    const e = await exportAs(s.cookie);
    const exported = Object.entries(PERSONAL_DATA)
      .filter(([, m]) => m.exported)
      .map(([table]) => table);
    for (const table of exported) expect(e.body, table).toHaveProperty(table);
    expect((e.body!.orders as { id: string }[]).map((x) => x.id)).toEqual([o.id]);
    expect(e.body!.order_items).toHaveLength(1);
    expect(e.body!.custom_neon_orders).toHaveLength(1);
    expect(e.body!.consents).toEqual([expect.objectContaining({ kind: "whatsapp-updates" })]);
    const text = JSON.stringify(e.body);
    expect(text).not.toContain(o.accessToken);
    expect(text).not.toMatch(/keyHash|codeHash|tokenHash/);
    const events = await db().select().from(dataRequestEvents).where(eq(dataRequestEvents.requestId, s.id));
    expect(events.map((x) => x.action)).toEqual(expect.arrayContaining(["verified", "exported"]));
  });
});

describe("erasure", () => {
  it("keeps the invoice as issued (its PDF still renders), anonymises finished orders, leaves active ones, and is idempotent", async () => {
    const email = newEmail();
    const sold = await insertOrder({
      customerEmail: email,
      customerName: "Priya Sharma",
      status: "delivered",
    });
    const settings = (await loadShopSettings()).settings;
    const issued = await db().transaction((tx) =>
      issueInvoiceInTx(tx, { kind: "order", id: sold.id }, "test", settings),
    );
    expect(issued).toEqual(expect.objectContaining({ issued: true }));
    const [before] = await db().select().from(invoices).where(eq(invoices.orderId, sold.id));
    const failed = await insertOrder({
      customerEmail: email,
      status: "cancelled",
      paymentMethod: "razorpay",
      paymentStatus: "failed",
    });
    const active = await insertOrder({ customerEmail: email, status: "confirmed" });
    await db().insert(grievances).values({
      year: 2026,
      seq: 900001,
      number: "GR-2026-900001",
      customerName: "Priya Sharma",
      customerEmail: email,
      category: "other",
      description: "Resolved long ago",
      status: "resolved",
      acknowledgedAt: new Date(),
      resolvedAt: new Date(),
      resolution: "Done",
    });

    const s = await verified(email);
    const a = (await post({ intent: "erase", confirm: "on" }, { cookie: s.cookie })) as Answer & {
      data: { erased?: { orders: { choice: string }[]; complaintsDeleted: number } };
    };
    expect(a.data.ok).toBe(true);
    expect(a.data.erased!.orders.map((o) => o.choice).sort()).toEqual(["active", "anonymise", "tax-record"]);
    expect(a.data.erased!.complaintsDeleted).toBe(1);

    const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
    const soldAfter = await row(sold.id);
    expect(soldAfter).toEqual(
      expect.objectContaining({ customerName: "Erased", customerEmail: "", customerPhone: "" }),
    );
    expect(soldAfter.shippingAddress).toEqual({
      address1: "",
      city: "",
      pincode: "",
      state: "uttar-pradesh",
    });
    expect((await row(failed.id)).customerEmail).toBe("");
    expect((await row(active.id)).customerEmail).toBe(email);
    // The invoice stays as issued but for the buyer's phone and e-mail; its PDF still renders lawfully.
    const [after] = await db().select().from(invoices).where(eq(invoices.orderId, sold.id));
    const buyer = (before!.snapshot as { buyer: Record<string, unknown> }).buyer;
    expect(buyer.email).toBe(email);
    expect(after).toEqual({
      ...before,
      snapshot: { ...before!.snapshot, buyer: { ...buyer, phone: "", email: "" } },
    });
    const [doc] = await invoiceDocumentsForOrder("order", sold.id);
    const text = await pdfText((await documentPdfForAdmin(doc!.id))!.bytes);
    expect(text).toContain(before!.number);
    expect(text).toContain(SHOP_GSTIN);
    expect(text).toContain("Priya Sharma");
    expect(text).toContain("Bareilly");
    expect(text).not.toContain(email);
    expect(text).toContain("Country of origin: India");
    expect(text).toMatch(/Manufacturer and packer: /);
    expect(text).toMatch(/Consumer care: /);
    // Any other change to an invoice is still refused.
    await expect(
      db()
        .update(invoices)
        .set({ totalPaise: 1, taxablePaise: 1, taxPaise: 0 })
        .where(eq(invoices.id, after!.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(invoices)
        .set({ snapshot: sql`jsonb_set(${invoices.snapshot}, '{buyer,name}', '"X"')` })
        .where(eq(invoices.id, after!.id)),
    ).rejects.toThrow();

    // A second erasure changes nothing.
    const snapshot = async () => ({
      o: await db().select().from(orders).orderBy(orders.id),
      c: await db().select().from(customNeonOrders).orderBy(customNeonOrders.id),
      g: await db().select().from(grievances).orderBy(grievances.id),
      i: await db().select().from(invoices).orderBy(invoices.id),
    });
    const once = await snapshot();
    const again = await post({ intent: "erase", confirm: "on" }, { cookie: s.cookie });
    expect(again.data.ok).toBe(true);
    expect(await snapshot()).toEqual(once);
  });

  it("refuses without the confirmation box, and without a verified request", async () => {
    const email = newEmail();
    await insertOrder({ customerEmail: email, status: "delivered" });
    const s = await verified(email);
    expect((await post({ intent: "erase" }, { cookie: s.cookie })).init?.status).toBe(400);
    const other = await start(email);
    expect((await post({ intent: "erase", confirm: "on" }, { cookie: other.cookie })).init?.status).toBe(403);
    expect(
      (
        await db()
          .select()
          .from(orders)
          .where(sql`lower(customer_email) = ${email}`)
      )[0]!.customerEmail,
    ).toBe(email);
  });
});

describe("correction", () => {
  it("corrects an order not yet dispatched with the checkout's checks, and refuses a dispatched one", async () => {
    const email = newEmail();
    const open = await insertOrder({ customerEmail: email, status: "confirmed" });
    const gone = await insertOrder({ customerEmail: email, status: "dispatched" });
    const s = await verified(email);
    const page = await myDataLoader(shopRequest("/my-data", { cookie: s.cookie }));
    expect(page.state === "open" && page.correctable.map((o) => o.ref)).toEqual([`order:${open.id}`]);
    const fields = {
      intent: "correct",
      orderRef: `order:${open.id}`,
      name: "Priya S. Sharma",
      email,
      phone: "98765 43210",
      address1: "14, Civil Lines",
      address2: "",
      landmark: "",
      city: "Bareilly",
      pincode: "243001",
    };
    const bad = await post({ ...fields, phone: "12345" }, { cookie: s.cookie });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fieldErrors).toHaveProperty("phone");
    // The state stays (the invoice's place of supply): a PIN must exist and be in it (issue 42).
    const unknown = await post({ ...fields, pincode: "999999" }, { cookie: s.cookie });
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.fieldErrors).toEqual({ pincode: "999999 is not an Indian PIN code" });
    const elsewhere = await post({ ...fields, pincode: "560034" }, { cookie: s.cookie });
    expect(elsewhere.data.fieldErrors).toEqual({
      pincode: "PIN 560034 is in Karnataka, not Uttar Pradesh: check the PIN or the state",
    });
    const ok = await post(fields, { cookie: s.cookie });
    expect(ok.data.ok).toBe(true);
    const [o] = await db().select().from(orders).where(eq(orders.id, open.id));
    expect(o!.customerName).toBe("Priya S. Sharma");
    expect(o!.customerPhone).toBe("+919876543210");
    expect(o!.shippingAddress).toEqual(
      expect.objectContaining({ address1: "14, Civil Lines", state: "uttar-pradesh" }),
    );
    const refused = await post({ ...fields, orderRef: `order:${gone.id}` }, { cookie: s.cookie });
    expect(refused.init?.status).toBe(400);
  });
});

describe("consents", () => {
  it("lists the contact's consents and withdraws one with one click, never another's", async () => {
    const email = newEmail();
    const o = await insertOrder({ customerEmail: email, whatsappUpdates: true });
    const victim = await insertOrder({ customerEmail: newEmail(), whatsappUpdates: true });
    const s = await verified(email);
    const page = await myDataLoader(shopRequest("/my-data", { cookie: s.cookie }));
    expect(page.state === "open" && page.consents).toEqual([
      expect.objectContaining({ kind: "whatsapp-updates", ref: `order:${o.id}` }),
    ]);
    const theirs = await post(
      { intent: "withdraw", kind: "whatsapp-updates", ref: `order:${victim.id}` },
      { cookie: s.cookie },
    );
    expect(theirs.data.message).toMatch(/already withdrawn/);
    expect((await db().select().from(orders).where(eq(orders.id, victim.id)))[0]!.whatsappUpdates).toBe(true);
    const mine = await post(
      { intent: "withdraw", kind: "whatsapp-updates", ref: `order:${o.id}` },
      { cookie: s.cookie },
    );
    expect(mine.data.message).toMatch(/Withdrawn/);
    expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]!.whatsappUpdates).toBe(false);
  });
});

describe("declarations after the sale", () => {
  it("are on the shopper's order page: manufacturer and packer, origin, consumer care", async () => {
    const o = await insertOrder({ customerEmail: newEmail() });
    const page = await orderPageLoader(o.accessToken, { clientIp: newIp() });
    const { settings } = await loadShopSettings();
    expect(page!.declarations).toEqual({
      manufacturer: `${settings.legal.legalName}, ${settings.store.address}`,
      origin: "India",
      consumerCare: `${settings.store.phone} · ${settings.store.email}`,
    });
  });

  it("name each product's own country of origin, on the order page and frozen in the invoice", async () => {
    const category = await makeCategory();
    const lamp = await makeProduct(category, { name: "Moon Lamp", facts: { countryOfOrigin: "China" } });
    const o = await insertOrder({ customerEmail: newEmail(), status: "delivered" }, [
      { name: "Good Vibes Neon" },
      { productId: lamp.id, name: "Moon Lamp" },
    ]);
    const page = await orderPageLoader(o.accessToken, { clientIp: newIp() });
    expect(page!.declarations.origin).toBe("India (Good Vibes Neon), China (Moon Lamp)");
    const settings = (await loadShopSettings()).settings;
    await db().transaction((tx) => issueInvoiceInTx(tx, { kind: "order", id: o.id }, "test", settings));
    const [inv] = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
    expect((inv!.snapshot as { declarations: { origin: string } }).declarations.origin).toBe(
      "India (Good Vibes Neon), China (Moon Lamp)",
    );
  });
});

describe("staff's exports of personal data", () => {
  it("logs who exported the orders CSV and when", async () => {
    const staff = await adminSession("exporter@example.com");
    const res = await ordersCsv({
      request: staff.request("/api/admin/orders.csv?kind=order"),
      params: {},
      context: {},
    } as never);
    expect((res as Response).status).toBe(200);
    await (res as Response).text();
    const [e] = await db()
      .select()
      .from(dataRequestEvents)
      .where(eq(dataRequestEvents.staffId, staff.userId));
    expect(e).toEqual(
      expect.objectContaining({ actor: "staff", staffEmail: "exporter@example.com", action: "orders csv" }),
    );
  });
});

describe("retention", () => {
  it("is a scheduled job that deletes or anonymises what is past its period, and keeps the rest", async () => {
    expect(JOBS[RETENTION_SWEEP]?.spec.cron).toBeTruthy();
    const old = sql`now() - interval '4000 days'`;
    const [oldRequest] = await db()
      .insert(dataRequests)
      .values({
        keyHash: `old-${Date.now()}`,
        contactKind: "email",
        contact: "old@example.in",
        createdAt: old,
      })
      .returning();
    const [newRequest] = await db()
      .insert(dataRequests)
      .values({ keyHash: `new-${Date.now()}`, contactKind: "email", contact: "new@example.in" })
      .returning();
    const [oldComplaint] = await db()
      .insert(grievances)
      .values({
        year: 2015,
        seq: 1,
        number: "GR-2015-000001",
        customerName: "Old",
        customerEmail: "old@example.in",
        category: "other",
        description: "Old",
        status: "resolved",
        acknowledgedAt: old,
        resolvedAt: old,
        resolution: "Done",
      })
      .returning();
    const attempt = await insertOrder({
      customerEmail: "attempt@example.in",
      status: "cancelled",
      paymentMethod: "razorpay",
      paymentStatus: "failed",
      createdAt: new Date(Date.now() - 200 * 86_400_000),
    });
    const [quote] = await db()
      .insert(logoQuotes)
      .values({
        customerName: "Old",
        customerEmail: "old@example.in",
        customerPhone: "+919800000001",
        size: "M",
        imageKey: "old-logo",
        imageWidth: 10,
        imageHeight: 10,
        createdAt: new Date(Date.now() - 400 * 86_400_000),
      })
      .returning();
    const dir = path.join(t.dataDir, "outbox");
    fs.mkdirSync(dir, { recursive: true });
    const oldMail = path.join(dir, "old-mail.eml");
    fs.writeFileSync(oldMail, "old");
    const past = new Date(Date.now() - 40 * 86_400_000);
    fs.utimesSync(oldMail, past, past);

    const counts = await sweepRetention();
    expect(counts).toEqual(
      expect.objectContaining({
        dataRequests: 1,
        grievances: 1,
        abandonedOrders: 1,
        quotes: 1,
        outboxFiles: 1,
      }),
    );
    const ids = (await db().select({ id: dataRequests.id }).from(dataRequests)).map((r) => r.id);
    expect(ids).not.toContain(oldRequest!.id);
    expect(ids).toContain(newRequest!.id);
    expect(await db().select().from(grievances).where(eq(grievances.id, oldComplaint!.id))).toHaveLength(0);
    expect((await db().select().from(orders).where(eq(orders.id, attempt.id)))[0]!.customerEmail).toBe("");
    expect(await db().select().from(logoQuotes).where(eq(logoQuotes.id, quote!.id))).toHaveLength(0);
    expect(fs.existsSync(oldMail)).toBe(false);
    // Run again: nothing more to do.
    expect(Object.values(await sweepRetention()).every((x) => x === 0)).toBe(true);
  });
});
