import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";

/** Cart lines, forms and products for checkout tests (the browser's shapes, as the checkout page sends them). */

// The cart lines live in cart-lines.ts, without the database, so the browser tests build theirs the same way.
export { customLine, productLine } from "./cart-lines";

export async function makeCategory(name = `Test ${crypto.randomBytes(3).toString("hex")}`): Promise<string> {
  const [c] = await db().insert(categories).values({ name }).returning();
  return c!.id;
}

export async function makeProduct(categoryId: string, over: Partial<typeof products.$inferInsert> = {}) {
  const [p] = await db()
    .insert(products)
    .values({
      name: `Sign ${crypto.randomBytes(3).toString("hex")}`,
      categoryId,
      mediumPrice: 2499,
      mediumMrp: 3499,
      smallPrice: 1499,
      smallMrp: 1999,
      stockQuantity: 10,
      ...over,
    })
    .returning();
  return p!;
}

export const stockOf = async (id: string) =>
  (await db().select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]!.s;

export type Shopper = { name: string; phone: string; email: string; address1: string; pincode: string };

let n = 0;
/** A different shopper each call: phone, email and address all new. */
export function newShopper(): Shopper {
  n++;
  const digits = String(7_000_000_000 + crypto.randomInt(0, 999_999_999) + n).slice(0, 10);
  return {
    name: `Shopper ${n}`,
    phone: digits,
    email: `shopper${n}.${crypto.randomBytes(3).toString("hex")}@example.in`,
    address1: `${n} Park Street ${crypto.randomBytes(2).toString("hex")}`,
    pincode: "700016",
  };
}

export function checkoutForm(s: Shopper, paymentMethod: "cod" | "razorpay" = "cod") {
  return {
    name: s.name,
    phone: s.phone,
    email: s.email,
    address1: s.address1,
    city: "Kolkata",
    state: "west-bengal",
    pincode: s.pincode,
    preferredDate: "",
    paymentMethod,
  };
}

export const idempotencyKey = () => crypto.randomBytes(16).toString("hex");

type Action = (args: never) => Promise<Response>;

/** Call a JSON route action as the Express adapter would, from a given client address. */
export async function callAs(
  clientIp: string,
  fn: Action,
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
) {
  const request = new Request("http://shop.test/api", {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await fn({ request, params: {}, context: { clientIp } } as never);
  let json: Record<string, unknown> = {};
  try {
    json = (await res.json()) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: json };
}
