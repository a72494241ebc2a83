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
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import { adminSession, ORIGIN, type AdminSession } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Property-based: an admin (signed in, same origin) sends random and hostile form values to every admin
// action. Never a 5xx; a refused submission writes nothing; stored text comes back unchanged (React escapes
// it when shown: see tests/e2e/security-escaping.spec.ts).
setupTestDatabase({ PUBLIC_URL: ORIGIN });

let admin: AdminSession;
const ids: Record<string, string> = {};

beforeAll(async () => {
  admin = await adminSession("fuzz-admin@neonlights.in");
  const [c] = await db().insert(categories).values({ name: "Fuzz Category" }).returning();
  const [p] = await db()
    .insert(products)
    .values({ name: "Fuzz Product", categoryId: c!.id, mediumPrice: 1000, mediumMrp: 1200, stockQuantity: 3 })
    .returning();
  const o = await insertOrder({ subtotal: 1000, deliveryFee: 299 }, []);
  ids.category = c!.id;
  ids.product = p!.id;
  ids.order = o.id;
});

async function fingerprint() {
  const r = await db().execute<{ f: string }>(sql`select
    (select count(*) from categories) || '/' || (select count(*) from products) || '/' || (select count(*) from product_images) || '/' ||
    (select count(*) from bestselling_products) || '/' || (select count(*) from banners) || '/' || (select count(*) from order_status_history) || '/' ||
    (select string_agg(status || payment_status, ',') from orders) || '/' || (select string_agg(name, ',' order by id) from categories) as f`);
  return r.rows[0]!.f;
}

/** The status an admin action answers this form with (thrown Responses included). */
const statusOf = async (fn: unknown, body: FormData) =>
  (await outcome(callRoute(fn as never, admin.request("/admin/x", { form: body })))).status;

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
