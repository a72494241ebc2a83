import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { productFormSchema, type ProductInput } from "~/features/catalog/admin-catalog";
import {
  createBanner,
  deleteBanner,
  listBannersAdmin,
  moveBanner,
  setBannerActive,
} from "~/features/catalog/admin-banners.server";
import {
  addBestseller,
  listBestsellerCandidates,
  listBestsellersAdmin,
  moveBestseller,
  removeBestseller,
  setBestsellerActive,
} from "~/features/catalog/admin-bestsellers.server";
import type { UploadedFile } from "~/features/catalog/admin-catalog-writes.server";
import {
  createCategory,
  deleteCategory,
  listCategoriesAdmin,
  updateCategory,
} from "~/features/catalog/admin-categories.server";
import { deleteProduct, listProductsAdmin, saveProduct } from "~/features/catalog/admin-products.server";
import { db } from "~/platform/db/client.server";
import {
  banners,
  bestsellingProducts,
  categories,
  productImages,
  products,
} from "~/features/catalog/tables.server";
import { orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { countRows, setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase();
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Fixtures

async function png(width = 40, height = 30, colour = "#ff1493"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
async function jpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#00bfff" } })
    .jpeg()
    .toBuffer();
}
const file = (name: string, bytes: Buffer, type = "image/png"): UploadedFile => ({ name, type, bytes });

/** A valid PNG header announcing 30000 x 30000 pixels (900 megapixels) in a file of a few hundred bytes. */
function hugePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Every entry under DATA_DIR/uploads (finished images and leftover temporary folders). */
function uploadEntries(): string[] {
  const dir = path.join(t.dataDir, "uploads");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
const filesOf = (key: string) => fs.readdirSync(path.join(t.dataDir, "uploads", key)).sort();
const exists = (key: string) => fs.existsSync(path.join(t.dataDir, "uploads", key));

let categoryId = "";

function productInput(overrides: Partial<Record<string, string>> = {}): ProductInput {
  return productFormSchema.parse({
    categoryId,
    name: "Test Neon",
    description: "A test sign",
    mediumPrice: "2499",
    mediumMrp: "3499",
    smallPrice: "1499",
    stockQuantity: "10",
    isActive: "on",
    ...overrides,
  });
}

async function productWithImages(name: string, count = 1): Promise<string> {
  const uploads = await Promise.all(
    Array.from({ length: count }, async (_, i) => file(`p${i}.png`, await png(40 + i, 30))),
  );
  const r = await saveProduct(null, productInput({ name }), { uploads });
  if (!r.ok) throw new Error(r.message);
  return r.id;
}

async function imagesOf(productId: string) {
  return db()
    .select({
      id: productImages.id,
      imageKey: productImages.imageKey,
      displayOrder: productImages.displayOrder,
      altText: productImages.altText,
      width: productImages.width,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.displayOrder);
}

beforeAll(async () => {
  const r = await createCategory({ name: "Fixtures", description: undefined });
  if (!r.ok) throw new Error(r.message);
  categoryId = r.id;
});

// ---------------------------------------------------------------------------------------------------

describe("categories", () => {
  it("creates, renames and lists newest first with product counts; names are unique regardless of case", async () => {
    const a = await createCategory({ name: "Bedroom", description: "Cosy" });
    const b = await createCategory({ name: "Quotes", description: undefined });
    expect(a.ok && b.ok).toBe(true);
    const dup = await createCategory({ name: "bedroom", description: undefined });
    expect(dup).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "A category with this name already exists" },
    });
    if (!b.ok) throw new Error();
    expect(await updateCategory(b.id, { name: "Quotes & Words", description: "Short lines" })).toMatchObject({
      ok: true,
    });
    expect(await updateCategory(b.id, { name: "BEDROOM", description: undefined })).toMatchObject({
      ok: false,
      status: 400,
    });
    const list = await listCategoriesAdmin();
    expect(list[0]).toMatchObject({ name: "Quotes & Words", description: "Short lines", productCount: 0 });
    expect(
      await updateCategory("00000000-0000-4000-8000-000000000000", { name: "X", description: undefined }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("refuses to delete a category that products use, saying how many", async () => {
    const c = await createCategory({ name: "In Use", description: undefined });
    if (!c.ok) throw new Error();
    for (const n of [1, 2]) {
      const r = await saveProduct(null, productInput({ name: `In use ${n}`, categoryId: c.id }), {
        uploads: [file("a.png", await png())],
      });
      expect(r.ok).toBe(true);
    }
    expect((await listCategoriesAdmin()).find((x) => x.id === c.id)?.productCount).toBe(2);
    const refused = await deleteCategory(c.id);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(!refused.ok && refused.message).toMatch(/in use by 2 products/);
    expect(await db().select().from(categories).where(eq(categories.id, c.id))).toHaveLength(1);

    const empty = await createCategory({ name: "Unused", description: undefined });
    if (!empty.ok) throw new Error();
    expect(await deleteCategory(empty.id)).toEqual({ ok: true });
    expect(await deleteCategory(empty.id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("products and their images", () => {
  it("keeps the colour the product is shown in: Blue unless set, changed by the form, kept when left out", async () => {
    const r = await saveProduct(null, productInput({ name: "Colour Sign" }), {
      uploads: [file("c.png", await png(40, 30))],
    });
    if (!r.ok) throw new Error(r.message);
    const colourOf = async () => (await listProductsAdmin()).find((p) => p.id === r.id)!.defaultColor;
    expect(await colourOf()).toBe("Blue");
    expect(
      await saveProduct(r.id, productInput({ name: "Colour Sign", defaultColor: "Orange" }), { uploads: [] }),
    ).toMatchObject({ ok: true });
    expect(await colourOf()).toBe("Orange");
    expect(await saveProduct(r.id, productInput({ name: "Colour Sign" }), { uploads: [] })).toMatchObject({
      ok: true,
    });
    expect(await colourOf()).toBe("Orange");
    // Only the shop's colours: anything else is refused by the form's schema with its message.
    const bad = productFormSchema.safeParse({
      categoryId,
      name: "Colour Sign",
      mediumPrice: "2499",
      mediumMrp: "3499",
      stockQuantity: "1",
      defaultColor: "#ff8000",
    });
    expect(bad.error?.issues.map((x) => [x.path.join("."), x.message])).toEqual([
      ["defaultColor", "Please choose the colour the product is shown in"],
    ]);
  });

  it("creates a product with two images stored as WebP variants, primary first", async () => {
    const before = uploadEntries().length;
    const r = await saveProduct(null, productInput({ name: "Two Images" }), {
      uploads: [file("first.png", await png(800, 600)), file("second.jpg", await jpeg(), "image/jpeg")],
    });
    expect(r).toMatchObject({ ok: true, created: true });
    if (!r.ok) return;
    const imgs = await imagesOf(r.id);
    expect(imgs.map((i) => i.displayOrder)).toEqual([1, 2]);
    expect(imgs[0]).toMatchObject({ altText: "Two Images", width: 800 });
    expect(filesOf(imgs[0]!.imageKey)).toEqual(["320.webp", "640.webp", "800.webp"]);
    const meta = await sharp(path.join(t.dataDir, "uploads", imgs[0]!.imageKey, "800.webp")).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(uploadEntries().length).toBe(before + 2);
    const listed = (await listProductsAdmin()).find((p) => p.id === r.id)!;
    expect(listed).toMatchObject({
      categoryName: "Fixtures",
      mediumPrice: 2499,
      smallPrice: 1499,
      largePrice: null,
      // Stars are not typed: a new product has none until a published review (issue 29).
      rating: 0,
      reviewCount: 0,
    });
    expect(listed.images.map((i) => i.imageKey)).toEqual(imgs.map((i) => i.imageKey));
  });

  const refusals: [string, () => Promise<UploadedFile[]>, RegExp][] = [
    [
      "a renamed HTML file",
      async () => [file("photo.png", Buffer.from("<!doctype html><html><body>hi</body></html>"))],
      /photo\.png: The file is not a PNG, JPEG or WebP image/,
    ],
    [
      "an SVG file",
      async () => [
        file(
          "logo.png",
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
        ),
      ],
      /logo\.png: Only PNG, JPEG or WebP images are accepted/,
    ],
    ["an empty file", async () => [file("empty.png", Buffer.alloc(0))], /empty\.png: The file is empty/],
    [
      "an 11 MB file",
      async () => [file("big.png", Buffer.concat([await png(), Buffer.alloc(11 * MB)]))],
      /big\.png: Each image must be 10MB or smaller/,
    ],
    [
      "a huge pixel size",
      async () => [file("bomb.png", hugePixelPng())],
      /bomb\.png: The image is too large in pixels/,
    ],
    [
      "a sixth image",
      async () => Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => file(`${n}.png`, await png(30 + n)))),
      /^Maximum 5 images allowed$/,
    ],
    ["no image", async () => [], /^Please upload at least 1 image$/],
    [
      "a bad file after good ones",
      async () => [
        file("good1.png", await png()),
        file("good2.png", await png(50)),
        file("evil.png", Buffer.from("<html></html>")),
      ],
      /evil\.png: The file is not a PNG/,
    ],
  ];
  for (const [what, uploads, message] of refusals) {
    it(`refuses ${what} with the right message and leaves no file or row behind`, async () => {
      const entries = uploadEntries();
      const count = await countRows(products);
      const r = await saveProduct(null, productInput({ name: `Refused ${what}` }), {
        uploads: await uploads(),
      });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.status).toBe(400);
      expect(r.fieldErrors?.images).toMatch(message);
      expect(uploadEntries()).toEqual(entries);
      expect(await countRows(products)).toBe(count);
    });
  }

  it("a save that fails inside the transaction leaves neither a product nor orphan files", async () => {
    await db()
      .execute(sql`create or replace function test_fail_images() returns trigger language plpgsql as $$
      begin if new.alt_text like 'FAIL%' then raise exception 'forced failure'; end if; return new; end; $$`);
    await db().execute(
      sql`create trigger test_fail_images before insert on product_images for each row execute function test_fail_images()`,
    );
    try {
      const entries = uploadEntries();
      await expect(
        saveProduct(null, productInput({ name: "FAIL product" }), {
          uploads: [file("a.png", await png()), file("b.png", await png(60))],
        }),
      ).rejects.toThrow();
      expect(uploadEntries()).toEqual(entries);
      expect(await db().select().from(products).where(eq(products.name, "FAIL product"))).toHaveLength(0);
    } finally {
      await db().execute(sql`drop trigger test_fail_images on product_images`);
    }
  });

  it("refuses an unknown category with the spec's message", async () => {
    const entries = uploadEntries();
    const r = await saveProduct(null, productInput({ categoryId: "00000000-0000-4000-8000-000000000000" }), {
      uploads: [file("a.png", await png())],
    });
    expect(r).toMatchObject({ ok: false, fieldErrors: { categoryId: "Please select a category" } });
    expect(uploadEntries()).toEqual(entries);
  });

  it("edits fields, removes and reorders images, adds one; removed files go after the commit", async () => {
    const id = await productWithImages("Editable", 3);
    const [a, b, c] = await imagesOf(id);
    const slots = JSON.stringify([{ existing: c!.id }, { upload: 0 }, { existing: a!.id }]);
    const r = await saveProduct(id, productInput({ name: "Edited", mediumPrice: "1999", isActive: "" }), {
      slots,
      uploads: [file("new.png", await png(90))],
    });
    expect(r).toMatchObject({ ok: true, id, created: false });
    const after = await imagesOf(id);
    expect(after.map((i) => i.imageKey)).toEqual([c!.imageKey, after[1]!.imageKey, a!.imageKey]);
    expect(after.map((i) => i.displayOrder)).toEqual([1, 2, 3]);
    expect(after[0]!.altText).toBe("Edited");
    expect(after[1]!.width).toBe(90);
    expect(exists(b!.imageKey)).toBe(false);
    expect(exists(a!.imageKey) && exists(c!.imageKey)).toBe(true);
    const [row] = await db().select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: "Edited", mediumPrice: 1999, isActive: false });

    // Without a plan (no JavaScript): images kept in order, uploads appended.
    const r2 = await saveProduct(id, productInput({ name: "Edited" }), {
      uploads: [file("more.png", await png(70))],
    });
    expect(r2.ok).toBe(true);
    expect((await imagesOf(id)).map((i) => i.width)).toEqual([after[0]!.width, 90, after[2]!.width, 70]);
  });

  it("an edit keeps at least 1 and at most 5 images, and refuses images of another product", async () => {
    const id = await productWithImages("Limits", 2);
    const other = await productWithImages("Other", 1);
    const [x] = await imagesOf(other);
    const mine = await imagesOf(id);
    expect(await saveProduct(id, productInput(), { slots: "[]", uploads: [] })).toMatchObject({
      ok: false,
      fieldErrors: { images: "Please upload at least 1 image" },
    });
    const four = await Promise.all([1, 2, 3, 4].map(async (n) => file(`${n}.png`, await png(20 + n))));
    const entries = uploadEntries();
    expect(await saveProduct(id, productInput(), { uploads: four })).toMatchObject({
      ok: false,
      fieldErrors: { images: "Maximum 5 images allowed" },
    });
    expect(uploadEntries()).toEqual(entries);
    const foreign = await saveProduct(id, productInput(), {
      slots: JSON.stringify([{ existing: x!.id }]),
      uploads: [],
    });
    expect(foreign).toMatchObject({ ok: false, status: 400 });
    expect(await imagesOf(id)).toEqual(mine);
    expect(await imagesOf(other)).toHaveLength(1);
  });

  it("deletes a product with its images, bestseller entry and image files", async () => {
    const id = await productWithImages("Doomed", 2);
    const keys = (await imagesOf(id)).map((i) => i.imageKey);
    expect(await addBestseller({ productId: id, badgeText: "Bestseller" })).toMatchObject({ ok: true });
    expect(await deleteProduct(id)).toEqual({ ok: true });
    expect(await imagesOf(id)).toHaveLength(0);
    expect(
      await db().select().from(bestsellingProducts).where(eq(bestsellingProducts.productId, id)),
    ).toHaveLength(0);
    for (const k of keys) expect(exists(k)).toBe(false);
    expect(await deleteProduct(id)).toMatchObject({ ok: false, status: 404 });
    expect(await saveProduct(id, productInput(), { uploads: [] })).toMatchObject({ ok: false, status: 404 });
  });
  it("keeps the files of an image that an order line still shows", async () => {
    const id = await productWithImages("Ordered", 2);
    const [first, second] = await imagesOf(id);
    const [order] = await db()
      .insert(orders)
      .values({
        customerName: "A",
        customerEmail: "a@example.com",
        customerPhone: "9876543210",
        shippingAddress: { address1: "1 Road", city: "Pune", state: "maharashtra", pincode: "411001" },
        subtotal: 100,
        totalAmount: 399,
        deliveryFee: 299,
        paymentMethod: "cod",
      })
      .returning();
    await db()
      .insert(orderItems)
      .values({
        orderId: order!.id,
        productId: id,
        productName: "Ordered",
        quantity: 1,
        price: 100,
        productImage: `/uploads/${first!.imageKey}/320.webp`,
        productConfig: {
          size: "M",
          color: "Blue",
          brightnessController: false,
          productType: "Standard",
          originalProductId: id,
        },
      });
    expect(await deleteProduct(id)).toEqual({ ok: true });
    expect(exists(first!.imageKey)).toBe(true);
    expect(exists(second!.imageKey)).toBe(false);
  });
});

describe("bestselling products", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    await db().delete(bestsellingProducts);
    for (const n of ["Best A", "Best B", "Best C"]) ids.push(await productWithImages(n));
  });

  it("adds only active products not already listed, next order = max + 1, default badge", async () => {
    const inactive = await productWithImages("Inactive one");
    await db().update(products).set({ isActive: false }).where(eq(products.id, inactive));
    const candidates = (await listBestsellerCandidates()).map((c) => c.id);
    expect(candidates).toEqual(expect.arrayContaining(ids));
    expect(candidates).not.toContain(inactive);

    expect(await addBestseller({ productId: ids[0]!, badgeText: "Bestseller" })).toMatchObject({ ok: true });
    await db().update(bestsellingProducts).set({ displayOrder: 7 });
    expect(await addBestseller({ productId: ids[1]!, badgeText: "Hot" })).toMatchObject({ ok: true });
    expect(await addBestseller({ productId: ids[2]!, badgeText: "Bestseller" })).toMatchObject({ ok: true });
    const list = await listBestsellersAdmin();
    expect(list.map((b) => [b.productId, b.displayOrder, b.badgeText])).toEqual([
      [ids[0], 7, "Bestseller"],
      [ids[1], 8, "Hot"],
      [ids[2], 9, "Bestseller"],
    ]);
    expect(await listBestsellerCandidates()).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ids[0] })]),
    );

    const selectProduct = { ok: false, status: 400, fieldErrors: { productId: "Please select a product." } };
    expect(await addBestseller({ productId: ids[0]!, badgeText: "Again" })).toMatchObject(selectProduct);
    expect(await addBestseller({ productId: inactive, badgeText: "x" })).toMatchObject(selectProduct);
    expect(
      await addBestseller({ productId: "00000000-0000-4000-8000-000000000000", badgeText: "x" }),
    ).toMatchObject(selectProduct);
  });

  it("moves up and down by swapping with the neighbour; nothing moves past the ends", async () => {
    const order = async () => (await listBestsellersAdmin()).map((b) => b.productId);
    const [first, middle, last] = (await listBestsellersAdmin()).map((b) => b.id);
    expect(await moveBestseller(first!, "up")).toEqual({ ok: true, moved: false });
    expect(await moveBestseller(last!, "down")).toEqual({ ok: true, moved: false });
    expect(await order()).toEqual(ids);
    expect(await moveBestseller(last!, "up")).toEqual({ ok: true, moved: true });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);
    expect((await listBestsellersAdmin()).map((b) => b.displayOrder)).toEqual([7, 8, 9]);
    expect(await moveBestseller(first!, "down")).toEqual({ ok: true, moved: true });
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
    expect(await moveBestseller(middle!, "down")).toEqual({ ok: true, moved: false });
    expect(await moveBestseller("00000000-0000-4000-8000-000000000000", "up")).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("toggles and removes", async () => {
    const [b] = await listBestsellersAdmin();
    expect(await setBestsellerActive(b!.id, false)).toEqual({ ok: true, isActive: false });
    expect((await listBestsellersAdmin())[0]!.isActive).toBe(false);
    expect(await setBestsellerActive(b!.id, true)).toEqual({ ok: true, isActive: true });
    expect(await removeBestseller(b!.id)).toEqual({ ok: true });
    expect(await removeBestseller(b!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await listBestsellersAdmin()).toHaveLength(2);
    expect((await listBestsellerCandidates()).map((c) => c.id)).toContain(b!.productId);
  });
});

describe("banners", () => {
  it("uploads with the spec's checks: image type, 5MB, content; no file left on refusal", async () => {
    const entries = uploadEntries();
    const input = { title: "Sale", linkUrl: null };
    expect(await createBanner(input, null)).toMatchObject({
      ok: false,
      fieldErrors: { image: "Please select an image file" },
    });
    expect(
      await createBanner(input, file("doc.pdf", Buffer.from("%PDF-1.4"), "application/pdf")),
    ).toMatchObject({
      ok: false,
      fieldErrors: { image: "Please select an image file" },
    });
    expect(
      await createBanner(input, file("big.png", Buffer.concat([await png(), Buffer.alloc(5 * MB)]))),
    ).toMatchObject({
      ok: false,
      fieldErrors: { image: "File size should be less than 5MB" },
    });
    const html = await createBanner(
      input,
      file("x.png", Buffer.from("<html><script>alert(1)</script></html>")),
    );
    expect(html).toMatchObject({
      ok: false,
      fieldErrors: { image: "The file is not a PNG, JPEG or WebP image." },
    });
    const svg = await createBanner(
      input,
      file("x.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml"),
    );
    expect(svg.ok).toBe(false);
    expect(uploadEntries()).toEqual(entries);
    expect(await listBannersAdmin()).toHaveLength(0);
  });

  it("adds at the end, reorders, toggles and deletes the row and its files", async () => {
    const made: string[] = [];
    for (const [i, title] of ["One", "Two", "Three"].entries()) {
      const r = await createBanner(
        { title, linkUrl: i === 0 ? "/products" : null },
        file(`${title}.jpg`, await jpeg(1200, 300), "image/jpeg"),
      );
      expect(r.ok).toBe(true);
      if (r.ok) made.push(r.id);
    }
    let list = await listBannersAdmin();
    expect(list.map((b) => [b.title, b.displayOrder, b.linkUrl, b.isActive])).toEqual([
      ["One", 1, "/products", true],
      ["Two", 2, null, true],
      ["Three", 3, null, true],
    ]);
    expect(list[0]).toMatchObject({ width: 1200, height: 300 });
    expect(await moveBanner(made[0]!, "up")).toEqual({ ok: true, moved: false });
    expect(await moveBanner(made[2]!, "down")).toEqual({ ok: true, moved: false });
    expect(await moveBanner(made[0]!, "down")).toEqual({ ok: true, moved: true });
    expect(await moveBanner(made[2]!, "up")).toEqual({ ok: true, moved: true });
    list = await listBannersAdmin();
    expect(list.map((b) => b.title)).toEqual(["Two", "Three", "One"]);
    expect(list.map((b) => b.displayOrder)).toEqual([1, 2, 3]);

    expect(await setBannerActive(made[1]!, false)).toEqual({ ok: true, isActive: false });
    expect((await db().select().from(banners).where(eq(banners.id, made[1]!)))[0]!.isActive).toBe(false);

    const key = list.find((b) => b.id === made[1])!.imageKey;
    expect(exists(key)).toBe(true);
    expect(await deleteBanner(made[1]!)).toEqual({ ok: true });
    expect(exists(key)).toBe(false);
    expect(await deleteBanner(made[1]!)).toMatchObject({ ok: false, status: 404 });
    expect((await listBannersAdmin()).map((b) => b.title)).toEqual(["Three", "One"]);
  });
});
