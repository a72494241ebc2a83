import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bannersAction } from "~/features/catalog/routes/admin-banners";
import { action as bestsellingAction } from "~/features/catalog/routes/admin-bestselling";
import { action as categoriesAction } from "~/features/catalog/routes/admin-categories";
import { action as customNeonAction } from "~/features/orders/routes/admin-custom-neon";
import { action as productsAction } from "~/features/catalog/routes/admin-products";
import { action as purchasesAction } from "~/features/orders/routes/admin-purchases";
import { upsertAdmin } from "~/platform/auth/admin-accounts.server";
import { login } from "~/platform/auth/admin-login.server";
import { db } from "~/platform/db/client.server";
import { categories, orders, products } from "~/platform/db/schema";
import { setupTestDatabase } from "../support/test-db";

// Property-based: an admin (signed in, same origin) sends random and hostile form values to every admin
// action. Never a 5xx; a refused submission writes nothing; stored text comes back unchanged (React escapes
// it when shown: see tests/e2e/security-escaping.spec.ts).
setupTestDatabase({ PUBLIC_URL: "http://shop.test" });
const ORIGIN = "http://shop.test";

let cookie = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  await upsertAdmin(db(), "fuzz-admin@neonlights.in", "a long enough fuzzing passphrase");
  const r = await login(new Request(`${ORIGIN}/admin/login`, { method: "POST" }), {
    email: "fuzz-admin@neonlights.in",
    password: "a long enough fuzzing passphrase",
    ip: "127.0.0.1",
  });
  if (!r.ok) throw new Error(r.error);
  cookie = r.setCookie.split(";")[0]!;
  const [c] = await db().insert(categories).values({ name: "Fuzz Category" }).returning();
  const [p] = await db()
    .insert(products)
    .values({ name: "Fuzz Product", categoryId: c!.id, mediumPrice: 1000, mediumMrp: 1200, stockQuantity: 3 })
    .returning();
  const [o] = await db()
    .insert(orders)
    .values({
      customerName: "F",
      customerEmail: "f@example.in",
      customerPhone: "+919876543210",
      shippingAddress: { address1: "a", city: "b", state: "goa", pincode: "403001" },
      subtotal: 1000,
      deliveryFee: 299,
      totalAmount: 1299,
      paymentMethod: "cod",
    })
    .returning();
  ids.category = c!.id;
  ids.product = p!.id;
  ids.order = o!.id;
});

async function fingerprint() {
  const r = await db().execute<{ f: string }>(sql`select
    (select count(*) from categories) || '/' || (select count(*) from products) || '/' || (select count(*) from product_images) || '/' ||
    (select count(*) from bestselling_products) || '/' || (select count(*) from banners) || '/' || (select count(*) from order_status_history) || '/' ||
    (select string_agg(status || payment_status, ',') from orders) || '/' || (select string_agg(name, ',' order by id) from categories) as f`);
  return r.rows[0]!.f;
}

type Args = { request: Request; params: Record<string, string>; context: unknown };
async function statusOf(fn: unknown, body: FormData): Promise<number> {
  const request = new Request(`${ORIGIN}/admin/x`, {
    method: "POST",
    body,
    headers: { origin: ORIGIN, "sec-fetch-site": "same-origin", cookie },
  });
  try {
    const r = await (fn as (a: Args) => Promise<unknown>)({ request, params: {}, context: {} });
    if (r instanceof Response) return r.status;
    return (r as { init?: { status?: number } } | null)?.init?.status ?? 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    throw e;
  }
}

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "1e309",
    "NaN",
    "5.55",
    "999999999999",
    "'; drop table products; --",
    "<img src=x onerror=alert(1)>",
    "a\u0000b",
    "x".repeat(10_240),
    "javascript:alert(1)",
    "//evil.example",
    "\\\\server\\share",
  ),
  fc.uuid().map(String),
);
const anId = fc.oneof(
  fc.constantFrom("category", "product", "order").map((k) => ids[k] ?? ""),
  fc.uuid().map(String),
  hostile,
);

const submissions = fc.record({
  action: fc.constantFrom("categories", "products", "bestselling", "banners", "purchases", "custom-neon"),
  intent: fc.oneof(
    fc.constantFrom(
      "create",
      "update",
      "delete",
      "add",
      "toggle",
      "move",
      "remove",
      "upload",
      "status",
      "payment",
    ),
    hostile,
  ),
  id: anId,
  fields: fc.dictionary(
    fc.constantFrom(
      "name",
      "description",
      "categoryId",
      "mediumPrice",
      "mediumMrp",
      "smallPrice",
      "stockQuantity",
      "rating",
      "reviewCount",
      "isActive",
      "productId",
      "badgeText",
      "direction",
      "title",
      "linkUrl",
      "to",
      "kind",
      "courier",
      "trackingNumber",
      "note",
      "expected",
      "imagePlan",
    ),
    hostile,
    { maxKeys: 8 },
  ),
});

const ACTIONS: Record<string, unknown> = {
  categories: categoriesAction,
  products: productsAction,
  bestselling: bestsellingAction,
  banners: bannersAction,
  purchases: purchasesAction,
  "custom-neon": customNeonAction,
};

describe("admin actions under hostile input", () => {
  it("never answer 5xx, and a refusal writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(submissions, async (s) => {
        const body = new FormData();
        body.set("intent", s.intent);
        body.set("id", s.id);
        for (const [k, v] of Object.entries(s.fields)) body.set(k, v);
        if (s.action === "purchases") body.set("kind", s.fields.kind ?? "order");
        if (s.action === "custom-neon") body.set("kind", s.fields.kind ?? "custom");
        const before = await fingerprint();
        const status = await statusOf(ACTIONS[s.action], body);
        expect(status, JSON.stringify(s).slice(0, 300)).toBeLessThan(500);
        if (status >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it("stores hostile text as typed (shown escaped), and refuses control characters", async () => {
    const name = `<script>alert("x")</script> ${crypto.randomBytes(3).toString("hex")}`;
    const ok = new FormData();
    ok.set("intent", "create");
    ok.set("name", name);
    expect(await statusOf(categoriesAction, ok)).toBeLessThan(400);
    const rows = await db().execute<{ name: string }>(sql`select name from categories where name = ${name}`);
    expect(rows.rows).toHaveLength(1);
    const before = await fingerprint();
    const bad = new FormData();
    bad.set("intent", "create");
    bad.set("name", "Null\u0000Byte");
    expect(await statusOf(categoriesAction, bad)).toBe(400);
    expect(await fingerprint()).toBe(before);
  });
});
