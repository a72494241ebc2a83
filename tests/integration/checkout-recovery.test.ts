import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { action as rememberAction } from "~/features/checkout-recovery/routes/api-checkout-remember";
import { loader as restoreLoader } from "~/features/checkout-recovery/routes/checkout-restore";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "~/features/checkout-recovery/routes/checkout-unsubscribe";
import {
  deleteExpiredCheckouts,
  recoveryFigures,
  sweepCheckoutRecovery,
} from "~/features/checkout-recovery/recovery-sweep.server";
import { linesToSave } from "~/features/cart/saved-lines";
import { listConsents } from "~/features/data-rights/consents.server";
import { checkDiscountCode } from "~/features/discount-codes/discount.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import type { RecoverySettings } from "~/features/settings/recovery-settings";
import { todayInIndia } from "~/shared/ist-dates";
import { db } from "~/platform/db/client.server";
import { abandonedCheckouts, recoverySuppressions } from "~/features/checkout-recovery/tables.server";
import { products } from "~/features/catalog/tables.server";
import { priceDesign, type Design } from "~/features/customizer/customizer";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession } from "../support/admin-session";
import {
  callAs,
  customLine,
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
  type Shopper,
} from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, newClientIp, placeCheckout, postCheckout } from "../support/orders";
import { outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";
import { startFakeWhatsApp } from "../support/fake-whatsapp";
import { setEnv } from "~/platform/env.server";
import { whatsAppRecipient } from "~/shared/phone-numbers";

// Issue 30, decision 045: a shopper who ticks "Remind me about this cart" and leaves gets at most two reminders,
// each with a link that puts the same cart back; an order, an unsubscribe or a missing consent stops them.
const t = setupTestDatabase({ ...NO_ORDER_LIMITS, PUBLIC_URL: "https://neonlights.example" });
const TOKEN = "EAAGfakeWhatsAppTokenForTests0123456789";
const PHONE_ID = "109876543210987";
const wa = await startFakeWhatsApp({
  token: TOKEN,
  phoneNumberId: PHONE_ID,
  templates: { cart_reminder: 2 },
});
afterAll(() => wa.close());
afterAll(() => runQueuedJobs());
const mailbox = outbox(t.dataDir);

let productId = "";
let actor: { id: string; email: string };
const PREVIEW = `data:image/png;base64,${crypto.randomBytes(600).toString("base64")}`;

async function setRecovery(r: Partial<RecoverySettings>) {
  const { settings, version } = await loadShopSettings();
  const saved = await saveShopSettings(
    { ...settings, recovery: { ...settings.recovery, ...r } },
    actor,
    version,
  );
  expect(saved.ok).toBe(true);
}

beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 500, mediumPrice: 2_000 })).id;
  actor = (await adminSession("owner@example.com")).actor;
  await setRecovery({ enabled: "yes", firstAfterHours: 1, secondAfterHours: 24, secondDiscountPercent: 0 });
});
beforeEach(async () => {
  await runQueuedJobs();
  await db().execute(sql`delete from rate_limits`);
  mailbox.clear();
});

const browserKey = () => crypto.randomBytes(32).toString("base64url");

function cartOf(): CartItem[] {
  return [
    productLine(productId, { quantity: 2, price: 2_000, image: "/uploads/sign-640.webp" }),
    customLine(
      "Asha & Ravi",
      { font: "dancing-script", color: "blue", size: "L", hasDimmer: true, previewImageUrl: PREVIEW },
      { price: 6_500, image: PREVIEW },
    ),
  ];
}

function saveBody(s: Shopper, o: { key?: string; items?: CartItem[]; whatsapp?: boolean } = {}) {
  return {
    intent: "save",
    key: o.key ?? browserKey(),
    consent: true,
    name: s.name,
    email: s.email,
    phone: s.phone,
    whatsapp: o.whatsapp ?? false,
    lines: linesToSave(o.items ?? cartOf()),
  };
}

const remember = (body: unknown, ip = newClientIp()) => callAs(ip, rememberAction, body);

const rowsOf = (email: string) =>
  db()
    .select()
    .from(abandonedCheckouts)
    .where(sql`lower(${abandonedCheckouts.customerEmail}) = ${email.toLowerCase()}`);

/** The shopper saved `hours` ago: every clock of the contact's rows moved back. */
async function age(email: string, hours: number) {
  const by = sql`(${hours}::float8 * interval '1 hour')`;
  await db().execute(sql`update abandoned_checkouts set
      created_at = created_at - ${by}, updated_at = updated_at - ${by}, consented_at = consented_at - ${by},
      first_sent_at = first_sent_at - ${by}, second_sent_at = second_sent_at - ${by}
    where lower(customer_email) = ${email.toLowerCase()}`);
}

async function sweep() {
  const r = await sweepCheckoutRecovery(new Date());
  await runQueuedJobs();
  return r;
}

const remindersTo = (email: string) =>
  mailbox.rawMails("cart-reminder-").filter((m) => m.toLowerCase().includes(email.toLowerCase()));

/** The link token in a reminder's List-Unsubscribe header. */
function unsubscribeToken(mail: string): string {
  const raw = mail.replace(/\r?\n[ \t]+/g, " ");
  const m =
    /^List-Unsubscribe: <https:\/\/neonlights\.example\/checkout\/unsubscribe\/([A-Za-z0-9_-]{43})>$/m.exec(
      raw,
    );
  expect(m, "a List-Unsubscribe header").not.toBeNull();
  return m![1]!;
}

describe("consent", () => {
  it("no consent, no message: the save needs the ticked box, reminders off refuse, and a checkout never saved is never reminded", async () => {
    const s = newShopper();
    const unticked = await remember({ ...saveBody(s), consent: false });
    expect(unticked.status).toBe(400);
    await setRecovery({ enabled: "no" });
    try {
      expect((await remember(saveBody(s))).status).toBe(404);
    } finally {
      await setRecovery({ enabled: "yes" });
    }
    expect(await rowsOf(s.email)).toEqual([]);
    // A shopper who ordered without ticking: nothing is stored, nothing is sent.
    const other = newShopper();
    await placeCheckout(cartOf().slice(0, 1), { shopper: other });
    mailbox.clear();
    await sweep();
    expect(remindersTo(other.email)).toEqual([]);
    expect(remindersTo(s.email)).toEqual([]);
  });

  it("unticking the box forgets the saved checkout", async () => {
    const s = newShopper();
    const key = browserKey();
    expect((await remember(saveBody(s, { key }))).status).toBe(200);
    expect(await rowsOf(s.email)).toHaveLength(1);
    expect((await remember({ intent: "forget", key })).status).toBe(200);
    expect(await rowsOf(s.email)).toEqual([]);
  });
});

describe("the reminders", () => {
  it("sends two at most, at the settings' delays, with List-Unsubscribe one-click headers; two sweeps at once send once", async () => {
    const s = newShopper();
    expect((await remember(saveBody(s))).status).toBe(200);
    await age(s.email, 0.5);
    expect((await sweep()).first).toBe(0);
    await age(s.email, 0.6);
    const [a, b] = await Promise.all([sweepCheckoutRecovery(new Date()), sweepCheckoutRecovery(new Date())]);
    expect(a.first + b.first).toBe(1);
    await runQueuedJobs();
    const first = remindersTo(s.email);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(first[0]).toMatch(/^Subject: You left something in your cart$/m);
    expect(mailbox.mails("cart-reminder-1-email").join("\n")).toContain("/checkout/restore/");
    await age(s.email, 12);
    expect((await sweep()).second).toBe(0);
    await age(s.email, 12);
    expect((await sweep()).second).toBe(1);
    await age(s.email, 200);
    const later = await sweep();
    expect(later.first + later.second).toBe(0);
    expect(remindersTo(s.email)).toHaveLength(2);
  });

  it("an order placed with the contact between the reminders stops the second and counts as recovered", async () => {
    const s = newShopper();
    await remember(saveBody(s));
    await age(s.email, 2);
    expect((await sweep()).first).toBe(1);
    const placed = await postCheckout(cartOf().slice(0, 1), { shopper: s });
    expect(placed.status).toBe(201);
    await age(s.email, 30);
    const r = await sweep();
    expect(r.second).toBe(0);
    const [row] = await rowsOf(s.email);
    expect(row!.convertedAt).not.toBeNull();
    expect(row!.recoveredAmount).toBeGreaterThanOrEqual(4_000);
    expect(remindersTo(s.email)).toHaveLength(1); // the first only
    const today = todayInIndia();
    const since = todayInIndia(new Date(Date.now() - 3 * 86_400_000));
    const figures = await recoveryFigures(since, today);
    expect(figures.recovered).toBeGreaterThanOrEqual(1);
    expect(figures.revenue).toBeGreaterThanOrEqual(row!.recoveredAmount!);

    // The keep period ends and the row is deleted: the day's figures stay as they were.
    await age(s.email, 40 * 24);
    const [aged] = await rowsOf(s.email);
    const day = todayInIndia(aged!.createdAt);
    const before = await recoveryFigures(day, day);
    expect(before.recovered).toBeGreaterThanOrEqual(1);
    expect(await deleteExpiredCheckouts(new Date())).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(s.email)).toEqual([]);
    expect(await recoveryFigures(day, day)).toEqual(before);
    const [kept] = (
      await db().execute<{ recovered: number; revenue: number }>(
        sql`select recovered, revenue from checkout_recovery_days where day = ${day}::date`,
      )
    ).rows;
    expect(kept!.recovered).toBeGreaterThanOrEqual(1);
    expect(kept!.revenue).toBeGreaterThanOrEqual(row!.recoveredAmount!);
  });

  it("a browser that ordered and leaves its next cart starts a new abandoned checkout", async () => {
    const s = newShopper();
    const key = browserKey();
    await remember(saveBody(s, { key }));
    expect((await postCheckout(cartOf().slice(0, 1), { shopper: s })).status).toBe(201);
    await age(s.email, 0.1);
    expect((await sweep()).converted).toBeGreaterThanOrEqual(1);
    await remember(saveBody(s, { key }));
    const rows = await rowsOf(s.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.convertedAt).toBeNull();
  });

  it("one sequence per contact a week, however many checkouts name it", async () => {
    const s = newShopper();
    await remember(saveBody(s));
    await remember(saveBody(s));
    expect(await rowsOf(s.email)).toHaveLength(2);
    await age(s.email, 2);
    const r = await sweep();
    expect(r.first).toBe(1);
    expect(r.skipped).toBe(1);
    await age(s.email, 30);
    expect((await sweep()).second).toBe(1);
    expect(remindersTo(s.email)).toHaveLength(2);
  });
});

describe("WhatsApp", () => {
  it("goes only where the shopper also ticked WhatsApp updates and the shop has WhatsApp keys", async () => {
    setEnv({
      ...t.env,
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
      WHATSAPP_API_BASE: wa.url,
    });
    try {
      wa.accepted.length = 0;
      const yes = newShopper();
      const no = newShopper();
      await remember(saveBody(yes, { whatsapp: true }));
      await remember(saveBody(no, { whatsapp: false }));
      await age(yes.email, 2);
      await age(no.email, 2);
      expect((await sweep()).first).toBe(2);
      const to = (p: string) => wa.accepted.filter((m) => m.body.to === whatsAppRecipient(p));
      expect(to(no.phone)).toEqual([]);
      const [msg] = to(yes.phone);
      expect(msg!.body.template!.name).toBe("cart_reminder");
      const params = msg!.body.template!.components![0]!.parameters!.map((x) => x.text);
      expect(params[0]).toBe(yes.name.split(" ")[0]);
      expect(params[1]).toMatch(/^https:\/\/neonlights\.example\/checkout\/restore\/[A-Za-z0-9_-]{43}$/);
      expect(remindersTo(yes.email)).toHaveLength(1);
    } finally {
      setEnv(t.env);
    }
  });
});

describe("unsubscribe", () => {
  it("the one-click POST (RFC 8058) stops everything and withdraws the consent in My data", async () => {
    const s = newShopper();
    await remember(saveBody(s));
    const contact = { email: s.email.toLowerCase() };
    expect(await listConsents(contact)).toEqual([expect.objectContaining({ kind: "cart-reminders" })]);
    await age(s.email, 2);
    await sweep();
    const token = unsubscribeToken(remindersTo(s.email)[0]!);
    const oneClick = new Request(`http://shop.test/checkout/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const r = await outcome(callRoute(unsubscribeAction, oneClick, { token }, { clientIp: newClientIp() }));
    expect(r.status).toBe(200);
    expect(await rowsOf(s.email)).toEqual([]);
    expect(await listConsents(contact)).toEqual([]);
    expect(await db().select().from(recoverySuppressions)).not.toHaveLength(0);
    // A new tick with this contact is answered as usual, and nothing is stored or sent.
    expect((await remember(saveBody(s))).status).toBe(200);
    expect(await rowsOf(s.email)).toEqual([]);
    await age(s.email, 30);
    await sweep();
    expect(remindersTo(s.email)).toHaveLength(1);
  });

  it("the page shows a button (a GET changes nothing); pressing it unsubscribes", async () => {
    const s = newShopper();
    await remember(saveBody(s));
    const [row] = await rowsOf(s.email);
    const token = row!.linkToken;
    const get = (await outcome(
      callRoute(unsubscribeLoader, new Request(`http://shop.test/checkout/unsubscribe/${token}`), { token }),
    )) as { body: { mailbox: string | null } };
    expect(get.body.mailbox).toMatch(/^s•••@example\.in$/);
    expect(await rowsOf(s.email)).toHaveLength(1);
    const press = new Request(`http://shop.test/checkout/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const r = await outcome(callRoute(unsubscribeAction, press, { token }, { clientIp: newClientIp() }));
    expect(r.body).toMatchObject({ ok: true });
    expect(await rowsOf(s.email)).toEqual([]);
    const after = await outcome(
      callRoute(unsubscribeLoader, new Request(`http://shop.test/checkout/unsubscribe/${token}`), { token }),
    );
    expect(after.body).toEqual({ mailbox: null });
  });

  it("withdrawing on My data is an unsubscribe too", async () => {
    const s = newShopper();
    await remember(saveBody(s));
    const contact = { email: s.email.toLowerCase() };
    const [consent] = await listConsents(contact);
    const { withdrawConsent } = await import("~/features/data-rights/consents.server");
    expect(await withdrawConsent(contact, "cart-reminders", consent!.ref)).toBe(true);
    expect(await rowsOf(s.email)).toEqual([]);
    await remember(saveBody(s));
    expect(await rowsOf(s.email)).toEqual([]);
  });
});

describe("the restore link", () => {
  it("rebuilds the exact cart, the custom design's text, font, size, colour, dimmer and preview included", async () => {
    const s = newShopper();
    const items = cartOf();
    await remember(saveBody(s, { items }));
    const [row] = await rowsOf(s.email);
    const token = row!.linkToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const r = await outcome(
      callRoute(restoreLoader, new Request(`http://shop.test/checkout/restore/${token}`), { token }, {}),
    );
    expect(r.status).toBe(200);
    // The same lines and designs, named and priced by the shop (the browser's names and prices are not kept).
    const [p] = await db().select({ name: products.name }).from(products).where(eq(products.id, productId));
    const design = { text: "Asha & Ravi", font: "dancing-script", color: "blue", size: "L", hasDimmer: true };
    const customPrice = priceDesign({ ...design, backingShape: "cut-to-shape" } as Design).total;
    expect(r.body.items).toEqual([
      { ...items[0], name: p!.name, price: 2_000 },
      { ...items[1], name: 'Custom Neon: "Asha & Ravi"', price: customPrice },
    ]);
    expect((await rowsOf(s.email))[0]!.restoredAt).not.toBeNull();
    await expect(
      callRoute(restoreLoader, new Request("http://shop.test/checkout/restore/x"), { token: "A".repeat(43) }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("abuse", () => {
  it("keeps the shop's names and prices, never the browser's, and drops lines that cannot be ordered", async () => {
    const s = newShopper();
    const [line] = cartOf();
    const tampered = { ...line!, name: "URGENT: call 90000 00000 for your refund", price: 1 };
    const gone = productLine(crypto.randomUUID(), { name: "No such sign", image: "/placeholder.svg" });
    expect((await remember(saveBody(s, { items: [tampered, gone] }))).status).toBe(200);
    const [row] = await rowsOf(s.email);
    const [p] = await db().select({ name: products.name }).from(products).where(eq(products.id, productId));
    expect(row!.lines).toEqual([expect.objectContaining({ id: tampered.id, name: p!.name, price: 2_000 })]);
    // Nothing left to order: nothing kept.
    const t = newShopper();
    expect((await remember(saveBody(t, { items: [gone] }))).status).toBe(200);
    expect(await rowsOf(t.email)).toHaveLength(0);
  });

  it("limits new saved checkouts per network (5 a day) but not a browser's own updates", async () => {
    const ip = newClientIp();
    const key = browserKey();
    const first = newShopper();
    for (let i = 0; i < 4; i++) expect((await remember(saveBody(first, { key }), ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await remember(saveBody(newShopper()), ip)).status).toBe(200);
    const over = await remember(saveBody(newShopper()), ip);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });

  it("limits new saved checkouts per contact (3 a day), from any network", async () => {
    const s = newShopper();
    for (let i = 0; i < 3; i++) expect((await remember(saveBody(s))).status).toBe(200);
    expect((await remember(saveBody(s))).status).toBe(429);
    expect(await rowsOf(s.email)).toHaveLength(3);
  });

  it("caps the body, allows only known fields and at most 20 lines; nothing is stored", async () => {
    const s = newShopper();
    const big = saveBody(s);
    (big.lines[1]!.customConfig as Record<string, unknown>).previewImageUrl =
      `data:image/png;base64,${"A".repeat(140 * 1024)}`;
    expect((await remember(big)).status).toBe(413);
    const extra = { ...saveBody(s), admin: true };
    expect((await remember(extra)).status).toBe(400);
    const photo = saveBody(s);
    (photo.lines[1]!.customConfig as Record<string, unknown>).wallPhotoUrl = "data:image/jpeg;base64,AAAA";
    expect((await remember(photo)).status).toBe(400);
    const many = saveBody(s, {
      items: Array.from({ length: 21 }, () => productLine(productId, { image: "/placeholder.svg" })),
    });
    expect((await remember(many)).status).toBe(400);
    const foreign = saveBody(s, { items: [productLine(productId, { image: "https://evil.example/x.png" })] });
    expect((await remember(foreign)).status).toBe(400);
    expect(await rowsOf(s.email)).toEqual([]);
  });
});

describe("privacy", () => {
  it("deletes abandoned checkouts after the keep period (default 30 days), not before", async () => {
    const old = newShopper();
    const recent = newShopper();
    await remember(saveBody(old));
    await remember(saveBody(recent));
    await age(old.email, 31 * 24);
    await age(recent.email, 29 * 24);
    expect(await deleteExpiredCheckouts(new Date())).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(old.email)).toEqual([]);
    expect(await rowsOf(recent.email)).toHaveLength(1);
  });
});

describe("the second reminder's code", () => {
  it("is single-use, only for that shopper, and expires", async () => {
    await setRecovery({ secondDiscountPercent: 10 });
    try {
      const s = newShopper();
      await remember(saveBody(s));
      await age(s.email, 2);
      await sweep();
      await age(s.email, 30);
      expect((await sweep()).second).toBe(1);
      const [row] = await rowsOf(s.email);
      expect(row!.discountCodeId).not.toBeNull();
      const mail = mailbox.mails("cart-reminder-2-email").join("\n");
      const code = /NEON-[A-Z2-9]{10}/.exec(mail)![0];
      expect(mail).toContain(`${code} for 10% off`);
      const lines = [{ key: "a", kind: "product" as const, amount: 4_000 }];
      const stranger = await checkDiscountCode(db(), code, {
        lines,
        shopper: { phone: "+919812345678", email: "someone.else@example.in" },
      });
      expect(stranger.ok).toBe(false);
      const own = await checkDiscountCode(db(), code, { lines, shopper: { phone: s.phone, email: s.email } });
      expect(own.ok).toBe(true);
      const cart = cartOf().slice(0, 1);
      const used = await postCheckout(cart, { shopper: s, form: { discountCode: code } });
      expect(used.status).toBe(201);
      const again = await postCheckout(cart, { shopper: s, form: { discountCode: code } });
      expect(again.status).toBe(422);
      const [stored] = await db()
        .execute<{ max_uses: number; ends_on: string }>(
          sql`select max_uses, ends_on::text from discount_codes where id = ${row!.discountCodeId}`,
        )
        .then((r) => r.rows);
      expect(stored!.max_uses).toBe(1);
      expect(stored!.ends_on > todayInIndia()).toBe(true);
    } finally {
      await setRecovery({ secondDiscountPercent: 0 });
    }
  });
});
