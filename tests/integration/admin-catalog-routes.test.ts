import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bannersAction, loader as bannersLoader } from "~/features/catalog/routes/admin-banners";
import {
  action as bestsellingAction,
  loader as bestsellingLoader,
} from "~/features/catalog/routes/admin-bestselling";
import {
  action as categoriesAction,
  loader as categoriesLoader,
} from "~/features/catalog/routes/admin-categories";
import { action as productsAction, loader as productsLoader } from "~/features/catalog/routes/admin-products";
import { db } from "~/platform/db/client.server";
import { categories } from "~/features/catalog/tables.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { callRoute as call, outcome, type RouteHandler as Handler } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// The admin catalogue routes over HTTP-shaped requests: every loader and action refuses a request without
// an admin session (and writes nothing); an admin's multipart upload goes through; oversized bodies are
// refused before they are read.

setupTestDatabase({ PUBLIC_URL: ORIGIN });
const UUID = "00000000-0000-4000-8000-000000000000";

const post = (path: string, body: FormData | URLSearchParams, cookie?: string) =>
  shopRequest(path, { form: body, cookie });

/** The status of what a handler answered or threw. */
const statusOf = async (p: Promise<unknown>) => (await outcome(p)).status;

async function counts() {
  const r = await db().execute<Record<string, number>>(sql`select
    (select count(*)::int from categories) c, (select count(*)::int from products) p,
    (select count(*)::int from bestselling_products) b, (select count(*)::int from banners) n`);
  return r.rows[0];
}

let admin: AdminSession;
let cookie = "";
let categoryId = "";

beforeAll(async () => {
  admin = await adminSession("catalogue-admin@neonlights.in");
  cookie = admin.cookie;
  const [c] = await db().insert(categories).values({ name: "Routes" }).returning();
  categoryId = c!.id;
});

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("without an admin session", () => {
  const attempts: [string, Handler, string, Record<string, string>][] = [
    ["categories", categoriesAction, "/admin/categories", { intent: "create", name: "Sneaky" }],
    ["categories", categoriesAction, "/admin/categories", { intent: "update", id: UUID, name: "Sneaky" }],
    ["categories", categoriesAction, "/admin/categories", { intent: "delete", id: UUID }],
    ["products", productsAction, "/admin/products", { intent: "create", name: "Sneaky" }],
    ["products", productsAction, "/admin/products", { intent: "update", id: UUID }],
    ["products", productsAction, "/admin/products", { intent: "delete", id: UUID }],
    ["bestselling", bestsellingAction, "/admin/bestselling", { intent: "add", productId: UUID }],
    [
      "bestselling",
      bestsellingAction,
      "/admin/bestselling",
      { intent: "toggle", id: UUID, isActive: "false" },
    ],
    ["bestselling", bestsellingAction, "/admin/bestselling", { intent: "move", id: UUID, direction: "up" }],
    ["bestselling", bestsellingAction, "/admin/bestselling", { intent: "remove", id: UUID }],
    ["banners", bannersAction, "/admin/banners", { intent: "upload", title: "Sneaky" }],
    ["banners", bannersAction, "/admin/banners", { intent: "toggle", id: UUID, isActive: "false" }],
    ["banners", bannersAction, "/admin/banners", { intent: "move", id: UUID, direction: "down" }],
    ["banners", bannersAction, "/admin/banners", { intent: "delete", id: UUID }],
  ];
  for (const [page, handler, path, fields] of attempts) {
    it(`refuses ${page} ${fields.intent} (401) and writes nothing`, async () => {
      const before = await counts();
      expect(await statusOf(call(handler, post(path, form(fields))))).toBe(401);
      expect(
        await statusOf(call(handler, post(path, form(fields), "neon_admin=not-a-real-session-token-at-all"))),
      ).toBe(401);
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses a cross-site post even with the admin's cookie (403)", async () => {
    const before = await counts();
    const request = admin.request("/admin/categories", {
      form: form({ intent: "create", name: "Forged" }),
      origin: "https://evil.example",
    });
    expect(await statusOf(call(categoriesAction, request))).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("sends the pages' loaders to the sign-in page", async () => {
    for (const [loader, path] of [
      [categoriesLoader, "/admin/categories"],
      [productsLoader, "/admin/products"],
      [bestsellingLoader, "/admin/bestselling"],
      [bannersLoader, "/admin/banners"],
    ] as const) {
      try {
        await call(loader, shopRequest(path));
        expect.unreachable(`${path} answered without a session`);
      } catch (e) {
        expect(e).toBeInstanceOf(Response);
        expect((e as Response).status).toBe(302);
        expect((e as Response).headers.get("location")).toBe("/admin/login");
      }
    }
  });
});

describe("with an admin session", () => {
  it("creates a product from a multipart form with two images in the chosen order", async () => {
    const a = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const b = await sharp({ create: { width: 70, height: 40, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    const f = form({
      intent: "create",
      categoryId,
      name: "Route Product",
      mediumPrice: "1999",
      mediumMrp: "2499",
      stockQuantity: "3",
      isActive: "on",
      imageSlots: JSON.stringify([{ upload: 1 }, { upload: 0 }]),
    });
    f.append("images", new File([a], "a.png", { type: "image/png" }));
    f.append("images", new File([b], "b.jpg", { type: "image/jpeg" }));
    const result = (await call(productsAction, post("/admin/products", f, cookie))) as {
      data: { ok: boolean };
    };
    expect(result.data).toMatchObject({ ok: true, message: "Product created successfully" });
    const loaded = (await call(productsLoader, admin.request("/admin/products"))) as {
      products: { name: string; images: { width: number }[] }[];
    };
    const p = loaded.products.find((x) => x.name === "Route Product")!;
    expect(p.images.map((i) => i.width)).toEqual([70, 50]);
  });

  it("answers field errors with 400 and the spec's messages", async () => {
    const r = (await call(
      productsAction,
      post("/admin/products", form({ intent: "create", name: "" }), cookie),
    )) as {
      data: { ok: boolean; fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(r.init.status).toBe(400);
    expect(r.data.fieldErrors).toMatchObject({
      categoryId: "Please select a category",
      mediumPrice: "Medium price is required",
    });
    const banner = (await call(
      bannersAction,
      post("/admin/banners", form({ intent: "upload", title: " " }), cookie),
    )) as {
      data: { fieldErrors: Record<string, string> };
    };
    expect(banner.data.fieldErrors).toEqual({ title: "Banner title is required" });
    const best = (await call(
      bestsellingAction,
      post("/admin/bestselling", form({ intent: "add", productId: "" }), cookie),
    )) as {
      data: { fieldErrors: Record<string, string> };
    };
    expect(best.data.fieldErrors).toEqual({ productId: "Please select a product." });
  });

  it("refuses a body above the cap before reading it (413)", async () => {
    const f = form({ intent: "upload", title: "Huge" });
    f.append("image", new File([new Uint8Array(6 * 1024 * 1024)], "huge.png", { type: "image/png" }));
    const r = (await call(bannersAction, post("/admin/banners", f, cookie))) as {
      data: { message: string };
      init: { status: number };
    };
    expect(r.init.status).toBe(413);
    expect(r.data.message).toBe("File size should be less than 5MB");
  });

  it("deleting a used category answers 409 with the spec's toast", async () => {
    const r = (await call(
      categoriesAction,
      post("/admin/categories", form({ intent: "delete", id: categoryId }), cookie),
    )) as {
      data: { message: string };
      init: { status: number };
    };
    expect(r.init.status).toBe(409);
    expect(r.data.message).toBe(
      "Failed to delete category: this category is in use by 1 product. Move or delete it first.",
    );
    expect(await db().select().from(categories).where(eq(categories.id, categoryId))).toHaveLength(1);
  });
});
