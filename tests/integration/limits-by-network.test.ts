import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { unknownCodeMessage } from "~/features/discount-codes/discounts";
import { INTAKE_FULL_MESSAGE } from "~/shared/rate-limits";
import { action as loginAction } from "~/features/admin-shell/routes/login";
import { upsertAdmin } from "~/platform/auth/admin-accounts.server";
import { db } from "~/platform/db/client.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { consume } from "~/platform/limits/rate-limit.server";
import { logoQuoteRequestAction } from "~/features/logo-quotes/routes/logo-quote-routes.server";
import { findOrderAction } from "~/features/order-page/routes/order-page-route.server";
import { makeCategory, makeProduct, newShopper, productLine } from "../support/checkout-fixtures";
import { postCheckout, postQuote } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

/*
 * Issue 25: every limit keyed by address counts a client by its network. Each limit below is met by a
 * client that rotates its address inside one IPv6 /64 (as any home line with IPv6 can), and by one IPv4
 * client spelt the three ways Node and proxies write it; each is limited like one client. The route
 * modules are called with the context the Express adapter builds (server/app.ts getLoadContext).
 */

const t = setupTestDatabase({ PUBLIC_URL: "http://shop.test", PAYMENT_MODE: "test" });
beforeEach(() => setEnv(t.env));
afterAll(() => runQueuedJobs());

let net = 0;
/** A fresh /64 for each test, and addresses rotated inside it (low and high bits both change). */
function sixtyFour() {
  const prefix = `2001:db8:25:${(++net).toString(16)}`;
  let i = 0;
  return () => {
    i++;
    return i % 2
      ? `${prefix}:${i.toString(16)}::${((i * 7919) % 65536).toString(16)}`
      : `${prefix.toUpperCase()}:0:0:0:${i}`;
  };
}
/** One IPv4 client, spelt the three ways (plain, IPv4-mapped, IPv4-mapped in hex). */
function threeSpellings(last: number) {
  const hex = (198 << 8) | 51;
  const low = (100 << 8) | last;
  const spellings = [
    `198.51.100.${last}`,
    `::ffff:198.51.100.${last}`,
    `::ffff:${hex.toString(16)}:${low.toString(16)}`,
  ];
  let i = 0;
  return () => spellings[i++ % 3]!;
}

const ORIGIN = "http://shop.test";
const OWNER = "owner@limits.test";
const PASSWORD = "a long owner passphrase 2026";

function signIn(clientIp: string, password: string, cookie?: string) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}/admin/login`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ email: OWNER, password }),
  });
  return loginAction({ request, params: {}, context: { clientIp } } as never).then(
    (r) => ({
      status: (r as { init?: { status?: number } }).init?.status ?? 200,
      error: (r as { data?: { message?: string } }).data?.message,
    }),
    (thrown: unknown) => {
      if (thrown instanceof Response) return { status: thrown.status, error: undefined, response: thrown };
      throw thrown;
    },
  );
}

const statusesOf = (rs: { status: number }[]) => rs.map((r) => r.status);

describe("admin sign-in", () => {
  beforeAll(() => upsertAdmin(db(), OWNER, PASSWORD));
  beforeEach(async () => {
    await db().execute(sql`delete from rate_limits`);
    await db().execute(sql`delete from login_attempts`);
    await db().execute(sql`delete from admin_devices`);
  });

  it("counts addresses rotated inside one /64 as one client: the 6th try is refused, the right password too", async () => {
    const next = sixtyFour();
    const rs = [];
    for (let i = 0; i < 25; i++) rs.push(await signIn(next(), "wrong guess"));
    expect(statusesOf(rs).slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(
      statusesOf(rs)
        .slice(5)
        .every((s) => s === 429),
    ).toBe(true);
    expect((await signIn(next(), PASSWORD)).status).toBe(429);
  });

  it("counts one IPv4 client spelt three ways as one client", async () => {
    const next = threeSpellings(7);
    const rs = [];
    for (let i = 0; i < 6; i++) rs.push(await signIn(next(), "wrong guess"));
    expect(statusesOf(rs)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("slows an attacker rotating networks to 10 guesses an hour, while the owner's own network and browser get in", async () => {
    // The owner signed in before from home (an IPv6 line) and keeps the browser's device cookie.
    const home = sixtyFour();
    const first = await signIn(home(), PASSWORD);
    expect(first.status).toBe(302);
    const setCookies = (first as { response?: Response }).response!.headers.getSetCookie();
    const device = setCookies.find((c) => c.startsWith("neon_admin_device="))!;
    expect(device).toMatch(/; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=15552000$/);
    const deviceCookie = device.split(";")[0]!;

    // A stranger tries from 40 networks (a new /64 each, 3 guesses each: under every per-network limit).
    const answers = [];
    for (let n = 0; n < 40; n++) {
      const next = sixtyFour();
      for (let k = 0; k < 3; k++) answers.push(await signIn(next(), `guess ${n}-${k}`));
    }
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(110);
    expect(refused[0]!.error).toMatch(
      /^Too many failed sign-in attempts for this account from other networks\. Please try again in 60 minutes, or sign in from a browser or network you have signed in from before\.$/,
    );
    // Even the right password is refused to a stranger now: guessing it is no use.
    expect((await signIn(sixtyFour()(), PASSWORD)).status).toBe(429);

    // The owner: from the home network (another address of its /64), and with the browser from a café.
    expect((await signIn(home(), PASSWORD)).status).toBe(302);
    expect((await signIn("192.0.2.99", PASSWORD, deviceCookie)).status).toBe(302);
    // A forged or stolen-elsewhere cookie value is not a device.
    expect((await signIn("192.0.2.98", PASSWORD, "neon_admin_device=" + "x".repeat(43))).status).toBe(429);

    // An hour later the stranger has 10 more guesses; a day holds at most 30.
    await db().execute(
      sql`update rate_limits set expire = expire - ${61 * 60 * 1000} where key like 'loginFailuresPerAccount:%'`,
    );
    const later = [];
    for (let n = 0; n < 15; n++) later.push(await signIn(sixtyFour()(), `later ${n}`));
    expect(later.filter((a) => a.status === 401)).toHaveLength(10);
  });
});

describe("checkout and per-customer orders", () => {
  let categoryId = "";
  beforeAll(async () => {
    categoryId = await makeCategory();
  });

  it("25 COD orders with fresh shopper details from one /64: the 4th is refused as the same customer", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 100 });
    const next = sixtyFour();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await postCheckout([productLine(p.id)], { ip: next() });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3).every((s) => s === 409 || s === 429)).toBe(true);
    const stored = await db().execute<{ client_ip: string }>(
      sql`select distinct client_ip from checkouts where client_ip like '2001:db8:25:%'`,
    );
    expect(stored.rows).toEqual([{ client_ip: expect.stringMatching(/^2001:db8:25:[0-9a-f]+::\/64$/) }]);
  });

  it("one IPv4 client spelt three ways is one customer", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 100 });
    const next = threeSpellings(8);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await postCheckout([productLine(p.id)], { ip: next() });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
  });
});

describe("discount codes", () => {
  let categoryId = "";
  let productId = "";
  beforeAll(async () => {
    categoryId = await makeCategory();
    productId = (await makeProduct(categoryId, { mediumPrice: 2499, stockQuantity: 100 })).id;
    await db()
      .insert(discountCodes)
      .values([
        { code: "FESTIVE20", kind: "percent", value: 20, maxUsesPerShopper: 1 },
        { code: "GONE10", kind: "percent", value: 10, maxUses: 1 },
      ]);
  });
  beforeAll(async () => {
    // GONE10's one use.
    const r = await postCheckout([productLine(productId)], {
      ip: "203.0.113.199",
      form: { discountCode: "GONE10" },
    });
    expect(r.status).toBe(201);
  });
  const quote = (ip: string, discountCode: string, extra: Record<string, string> = {}) =>
    postQuote({ items: [productLine(productId)], discountCode, ...extra }, ip);

  it("10 wrong codes from one /64, then a wait for every address in it, even for a right code", async () => {
    const next = sixtyFour();
    for (let i = 0; i < 10; i++) {
      const q = await quote(next(), `GUESS${i}`);
      expect(q.body.discountError).toBe(unknownCodeMessage(`GUESS${i}`));
    }
    const waiting = await quote(next(), "FESTIVE20");
    expect(waiting.body.discount).toBeNull();
    expect(waiting.body.discountError).toBe(
      "Too many codes that could not be used. Please wait 60 minutes before trying another code.",
    );
    // The price itself is still given (the checkout page keeps working), and other networks are not held.
    expect(waiting.body.totalAmount).toBe(2499 + 299);
    expect((await quote("203.0.113.200", "FESTIVE20")).body.discount).toEqual({
      code: "FESTIVE20",
      amount: 500,
    });
  });

  it("one IPv4 client spelt three ways shares one count", async () => {
    const next = threeSpellings(9);
    for (let i = 0; i < 10; i++) await quote(next(), `WRONG${i}`);
    expect((await quote(next(), "FESTIVE20")).body.discountError).toMatch(/^Too many codes/);
  });

  it("placing orders with wrong codes is counted too, and the answer then says to wait", async () => {
    const next = sixtyFour();
    for (let i = 0; i < 10; i++) {
      const r = await postCheckout([productLine(productId)], {
        ip: next(),
        form: { discountCode: `TRY${i}` },
      });
      expect(r.status).toBe(422);
    }
    const r = await postCheckout([productLine(productId)], {
      ip: next(),
      form: { discountCode: "FESTIVE20" },
    });
    expect(r.status).toBe(422);
    expect((r.body.fieldErrors as Record<string, string>).discountCode).toMatch(/^Too many codes/);
  });

  it("never says that a code exists but is used up, or that some other contact used it", async () => {
    const shopper = newShopper();
    const used = await postCheckout([productLine(productId)], {
      ip: "203.0.113.201",
      shopper,
      form: { discountCode: "FESTIVE20" },
    });
    expect(used.status).toBe(201);
    // A stranger who knows the victim's phone learns nothing beyond "cannot be used".
    const asVictim = await quote("203.0.113.202", "FESTIVE20", { phone: shopper.phone, email: "x@y.in" });
    const madeUp = await quote("203.0.113.203", "NOSUCH99");
    const usedUp = await quote("203.0.113.204", "GONE10");
    expect(asVictim.body.discountError).toBe(unknownCodeMessage("FESTIVE20"));
    expect(usedUp.body.discountError).toBe(unknownCodeMessage("GONE10"));
    expect(madeUp.body.discountError).toBe(unknownCodeMessage("NOSUCH99"));
  });

  it("an attacker with a new network for every guess gets 600 wrong answers an hour from the whole shop, then none", async () => {
    await db().execute(sql`delete from rate_limits where key like 'discountMissesShopWide:%'`);
    // 580 wrong answers this hour already (counted the way a miss is counted), then 30 sprayed guesses,
    // each from a new /64: 20 more are checked, the rest wait. (610 real guesses took over a minute on a
    // busy 2-core machine; the count per guess is the same.)
    await consume("discountMissesShopWide", "shop", 580);
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) {
      const q = await quote(`2001:db8:${(0x100 + i).toString(16)}:1::1`, `SPRAY${i}`);
      answers.push(String(q.body.discountError));
    }
    expect(answers.filter((a) => a.includes("is not a valid discount code"))).toHaveLength(20);
    expect(answers.slice(20).every((a) => a.startsWith("Too many codes"))).toBe(true);
    // Codes wait for everybody until the hour is over (a right code too: it would tell the sprayer).
    expect((await quote("192.0.2.77", "FESTIVE20")).body.discountError).toMatch(/^Too many codes/);
    await db().execute(sql`delete from rate_limits where key like 'discountMissesShopWide:%'`);
    expect((await quote("192.0.2.77", "FESTIVE20")).body.discount).toEqual({
      code: "FESTIVE20",
      amount: 500,
    });
  });

  it("folds mailboxes for the per-shopper limit: a+x@ with a new phone is the same shopper", async () => {
    const shopper = { ...newShopper(), email: "Meera.Iyer@gmail.com" };
    const first = await postCheckout([productLine(productId)], {
      ip: "203.0.113.210",
      shopper,
      form: { discountCode: "FESTIVE20" },
    });
    expect(first.body).toMatchObject({ replayed: false });
    const again = await postCheckout([productLine(productId)], {
      ip: "203.0.113.211",
      shopper: { ...newShopper(), email: "meeraiyer+sale@gmail.com" },
      form: { discountCode: "FESTIVE20" },
    });
    expect(again.status).toBe(422);
    expect(again.body.fieldErrors).toEqual({ discountCode: unknownCodeMessage("FESTIVE20") });
  });
});

describe("logo quotes and order lookups", () => {
  const logo = (noise = false) =>
    noise
      ? sharp(Buffer.from(Array.from({ length: 500 * 500 * 3 }, () => Math.floor(Math.random() * 256))), {
          raw: { width: 500, height: 500, channels: 3 },
        })
          .png({ compressionLevel: 0 })
          .toBuffer()
      : sharp({ create: { width: 200, height: 100, channels: 4, background: "#ff00aa" } })
          .png()
          .toBuffer();

  async function askQuote(clientIp: string, contact: { phone: string; email: string }, file: Buffer) {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ name: "Isha Rao", size: "M", notes: "", ...contact })) fd.set(k, v);
    fd.set("logo", new Blob([new Uint8Array(file)], { type: "image/png" }), "logo.png");
    const r = (await logoQuoteRequestAction(
      new Request("http://shop.test/customize/logo", { method: "POST", body: fd }),
      { clientIp },
    )) as unknown as {
      data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
      init: { status?: number } | null;
    };
    return { status: r.init?.status ?? 200, ...r.data };
  }
  let contactN = 0;
  const freshContact = () => {
    contactN++;
    return {
      phone: `98450${String(70000 + contactN).padStart(5, "0")}`,
      email: `quote${contactN}@example.in`,
    };
  };

  it("12 quotes from one /64 with fresh contacts: 5 stored, the rest refused", async () => {
    const next = sixtyFour();
    const file = await logo();
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await askQuote(next(), freshContact(), file)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("limits each phone and mailbox to 3 a day, however many networks ask", async () => {
    const file = await logo();
    const contact = freshContact();
    const rs = [];
    for (let i = 0; i < 4; i++) rs.push(await askQuote(`198.51.100.${120 + i}`, contact, file));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(rs[3]!.message).toBe(
      "We already have several requests from this phone number or e-mail address. Please wait 24 hours for our reply, or contact us if you need help.",
    );
    // The same mailbox written another way is the same contact.
    const folded = await askQuote(
      "198.51.100.130",
      { phone: freshContact().phone, email: contact.email.replace("@", "+x@") },
      file,
    );
    expect(folded.status).toBe(429);
  });

  it("caps what is stored in a day, with a clear message", async () => {
    setEnv({ ...t.env, INTAKE_MB_PER_DAY: 1 });
    await db().execute(sql`delete from rate_limits where key like 'intakeBytesPerDay:%'`);
    const big = await logo(true);
    expect(big.length).toBeGreaterThan(600_000);
    const first = await askQuote("198.51.100.140", freshContact(), big);
    const second = await askQuote("198.51.100.141", freshContact(), big);
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 429, message: INTAKE_FULL_MESSAGE });
  });

  it("Find my order: 10 lookups an hour per /64, and per IPv4 client however it is spelt", async () => {
    const lookup = (clientIp: string) =>
      findOrderAction(
        new Request("http://shop.test/orders", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ orderId: "NL12345678", contact: "9845012345" }),
        }),
        { clientIp },
      ).then((r) => (r as unknown as { init: { status?: number } | null }).init?.status ?? 200);
    for (const next of [sixtyFour(), threeSpellings(10)]) {
      const statuses = [];
      for (let i = 0; i < 15; i++) statuses.push(await lookup(next()));
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    }
  });
});
