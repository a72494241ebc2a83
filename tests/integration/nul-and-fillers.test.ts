import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { NUL_MESSAGE } from "~/shared/text";
import { db } from "~/platform/db/client.server";
import { cspReports } from "~/features/site-speed/tables.server";
import { action as cspAction } from "~/features/site-speed/routes/api-csp-reports";
import { callAs, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { adminSession, ORIGIN } from "../support/admin-session";
import { postCheckout, postQuote } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { countRows, setupTestDatabase } from "../support/test-db";
import * as discountCodesPage from "~/features/discount-codes/routes/admin-discount-codes";
import * as findOrderPage from "~/features/order-page/routes/find-order";

/*
 * Issue 41: a NUL byte in a form or a JSON body answers 400 with a clear message (never 500: PostgreSQL
 * cannot store one), and blank fillers (U+3164, U+2800, tag characters ...) are refused in names like the
 * other invisible characters. (A NUL in the address: server/nul-guard.test.ts and the e2e shop-errors spec.)
 */

setupTestDatabase({ PUBLIC_URL: ORIGIN, PAYMENT_MODE: "test" });

const INVISIBLE = "Full name: please remove invisible or direction-changing characters.";

async function fingerprint() {
  const r = await db().execute<{ f: string }>(sql`
    select (select count(*) from checkouts) || '/' || (select count(*) from orders) || '/' ||
           (select count(*) from discount_codes) || '/' ||
           (select coalesce(sum(stock_quantity), 0) from products) as f`);
  return r.rows[0]!.f;
}

let productId = "";
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory())).id;
});

describe("a NUL byte", () => {
  it("in a discount code at the quote and the checkout: 400 with the message, nothing written", async () => {
    const before = await fingerprint();
    const q = await postQuote({ items: [productLine(productId)], discountCode: "SAVE\u000010" });
    expect(q.status).toBe(400);
    expect(q.body.message).toBe(NUL_MESSAGE);
    const r = await postCheckout([productLine(productId)], { form: { discountCode: "SAVE\u000010" } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(NUL_MESSAGE);
    // In a key too.
    const k = await postQuote({ items: [productLine(productId)], ["x\u0000"]: 1 });
    expect(k.status).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it("in an admin form and a public form: 400 with the message, nothing written", async () => {
    const owner = await adminSession("nul-owner@shop.test");
    const before = await fingerprint();
    const form = new FormData();
    form.set("intent", "add");
    form.set("code", "NUL\u0000CODE");
    form.set("kind", "percent");
    form.set("value", "10");
    const admin = await outcome(
      callRoute(discountCodesPage.action, owner.request("/admin/discount-codes", { form })),
    );
    expect(admin).toMatchObject({ status: 400, body: { ok: false, message: NUL_MESSAGE } });
    const find = await outcome(
      callRoute(
        findOrderPage.action,
        owner.request("/orders", { form: { email: "a\u0000@b.in", orderNumber: "NL-1" } }),
        {},
        { clientIp: "198.51.100.90" },
      ),
    );
    expect(find).toMatchObject({ status: 400, body: { ok: false, message: NUL_MESSAGE } });
    expect(await fingerprint()).toBe(before);
  });

  it("in a CSP report (public, unsigned): 400, nothing stored", async () => {
    const r = await callAs(
      "198.51.100.91",
      cspAction,
      { "csp-report": { "document-uri": "http://shop.test/\u0000", "blocked-uri": "inline" } },
      { "content-type": "application/csp-report" },
    );
    expect(r.status).toBe(400);
    expect(await countRows(cspReports)).toBe(0);
  });
});

describe("blank fillers in names", () => {
  const fillers = {
    "U+3164 Hangul filler": "\u3164",
    "U+2800 Braille blank": "\u2800",
    "U+115F Hangul choseong filler": "\u115F",
    "U+FFA0 halfwidth Hangul filler": "\uFFA0",
    "tag characters U+E0041 U+E007F": "\u{E0041}\u{E007F}",
    "U+034F combining grapheme joiner": "\u034F",
  };
  for (const [what, ch] of Object.entries(fillers))
    it(`refuses ${what}, alone or inside a name`, async () => {
      const before = await fingerprint();
      for (const name of [ch, `${ch}${ch}${ch}`, `Asha${ch}Verma`]) {
        const r = await postCheckout([productLine(productId)], { form: { name } });
        expect(r.status, `${what} in ${JSON.stringify(name)}`).toBe(400);
        expect(r.body.fieldErrors).toEqual({ name: INVISIBLE });
      }
      expect(await fingerprint()).toBe(before);
    });
});
