import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { logoQuoteRequestAction } from "~/features/logo-quotes/routes/logo-quote-routes.server";
import { makeCategory, makeProduct, productLine, stockOf } from "../support/checkout-fixtures";
import { postCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Issue 25: a right-to-left override, a zero-width character or a line break in a name or an address is
// refused by the action with the field's message, and nothing is written (text.ts has the rule).
const t = setupTestDatabase({ PAYMENT_MODE: "test" });

const INVISIBLE = "Full name: please remove invisible or direction-changing characters.";

function filesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : 1), 0);
}

async function fingerprint() {
  const r = await db().execute<{ f: string }>(sql`
    select (select count(*) from checkouts) || '/' || (select count(*) from orders) || '/' ||
           (select count(*) from order_items) || '/' || (select count(*) from custom_neon_orders) || '/' ||
           (select count(*) from logo_quotes) || '/' ||
           (select coalesce(sum(stock_quantity), 0) from products) as f`);
  return `${r.rows[0]!.f}/${filesUnder(path.join(t.dataDir, "uploads"))}`;
}

let productId = "";
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory())).id;
});

describe("checkout", () => {
  it("refuses a name with U+202E (right-to-left override) with the field's message and writes nothing", async () => {
    const before = await fingerprint();
    const stock = await stockOf(productId);
    const r = await postCheckout([productLine(productId)], {
      ip: "198.51.100.21",
      form: { name: "Asha Verma\u202Etxt.exe" },
    });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual({ name: INVISIBLE });
    expect(await fingerprint()).toBe(before);
    expect(await stockOf(productId)).toBe(stock);
  });

  it("refuses a line break inside an address line and a zero-width space in the city", async () => {
    const before = await fingerprint();
    const r = await postCheckout([productLine(productId)], {
      ip: "198.51.100.22",
      form: { address1: "3 Park Street\r\nFlat 2", city: "Kol\u200Bkata" },
    });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual({
      address1: "Address line 1 must be on one line.",
      city: "City: please remove invisible or direction-changing characters.",
    });
    expect(await fingerprint()).toBe(before);
  });

  it("accepts a name written in Hindi with a zero-width joiner and stores it as typed", async () => {
    const name = "\u0930\u093E\u091C\u0947\u0936 \u0915\u094D\u200D\u0937\u0924\u094D\u0930\u093F\u092F";
    const r = await postCheckout([productLine(productId)], { ip: "198.51.100.23", form: { name } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = await db()
      .select({ name: orders.customerName })
      .from(orders)
      .where(eq(orders.customerName, name));
    expect(rows).toHaveLength(1);
  });
});

describe("logo quote", () => {
  const logo = () =>
    sharp({ create: { width: 200, height: 100, channels: 4, background: "#ff00aa" } })
      .png()
      .toBuffer();

  const post = async (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    fd.set("logo", new Blob([new Uint8Array(await logo())], { type: "image/png" }), "logo.png");
    return (await logoQuoteRequestAction(
      new Request("http://shop.test/customize/logo", { method: "POST", body: fd }),
      { clientIp: "198.51.100.30" },
    )) as unknown as {
      data: { ok: boolean; fieldErrors?: Record<string, string> };
      init: { status?: number } | null;
    };
  };

  it("refuses a name with U+202E with the field's message, stores no logo and asks for no price", async () => {
    const before = await fingerprint();
    const r = await post({
      name: "Isha\u202Eahsi",
      phone: "98450 44444",
      email: "isha.rlo@example.in",
      size: "S",
      notes: "Two colours\nBlue on top",
    });
    expect(r.init?.status).toBe(400);
    expect(r.data).toMatchObject({ ok: false, fieldErrors: { name: INVISIBLE } });
    expect(Object.keys(r.data.fieldErrors ?? {})).toEqual(["name"]);
    expect(await fingerprint()).toBe(before);
  });

  it("keeps the notes' line breaks (several lines are fine there)", async () => {
    const r = await post({
      name: "Isha",
      phone: "98450 44444",
      email: "isha.notes@example.in",
      size: "S",
      notes: "Two colours\nBlue on top",
    });
    expect(r.data.ok, JSON.stringify(r.data.fieldErrors)).toBe(true);
  });
});
