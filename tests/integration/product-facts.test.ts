import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "~/features/catalog/admin-catalog";
import { createCategory } from "~/features/catalog/admin-categories.server";
import type { UploadedFile } from "~/features/catalog/admin-catalog-writes.server";
import { listProductsAdmin, saveProduct } from "~/features/catalog/admin-products.server";
import { getActiveProduct } from "~/features/catalog/catalog.server";
import { db } from "~/platform/db/client.server";
import { productImages } from "~/features/catalog/tables.server";
import { setupTestDatabase } from "../support/test-db";

// Issue 27 items 5 and 7, issues 27/32 product facts: what the admin product form saves.
setupTestDatabase();
let categoryId = "";
beforeAll(async () => {
  const r = await createCategory({ name: "Facts", description: undefined });
  if (!r.ok) throw new Error(r.message);
  categoryId = r.id;
});

const png = async (colour: string): Promise<UploadedFile> => ({
  name: `${colour}.png`,
  type: "image/png",
  bytes: await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});
const input = (over: Record<string, string> = {}) =>
  productFormSchema.parse({
    categoryId,
    name: "But First, Coffee",
    mediumPrice: "2999",
    mediumMrp: "3999",
    stockQuantity: "0",
    isActive: "on",
    ...over,
  });
const colours = async (productId: string) =>
  (
    await db()
      .select({ color: productImages.color })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(productImages.displayOrder)
  ).map((r) => r.color);

describe("the admin product form", () => {
  it("tags each photo with its colour; a slot without a colour (no JavaScript) keeps it; refuses colours not sold", async () => {
    const r = await saveProduct(null, input(), {
      slots: JSON.stringify([
        { upload: 0, color: "Orange" },
        { upload: 1, color: null },
      ]),
      uploads: [await png("#ff8000"), await png("#ffffff")],
    });
    if (!r.ok) throw new Error(r.message);
    expect(await colours(r.id)).toEqual(["Orange", null]);
    const ids = (await listProductsAdmin()).find((p) => p.id === r.id)!.images.map((i) => i.id);

    // Reordered and the second tagged White.
    expect(
      await saveProduct(r.id, input(), {
        slots: JSON.stringify([
          { existing: ids[1], color: "White" },
          { existing: ids[0], color: "Orange" },
        ]),
        uploads: [],
      }),
    ).toMatchObject({ ok: true });
    expect(await colours(r.id)).toEqual(["White", "Orange"]);
    // No image plan (a form sent without JavaScript): the colours stay.
    expect(await saveProduct(r.id, input(), { uploads: [] })).toMatchObject({ ok: true });
    expect(await colours(r.id)).toEqual(["White", "Orange"]);
    // A colour the shop does not sell, or a hex code, is refused and nothing changes.
    expect(
      await saveProduct(r.id, input(), {
        slots: JSON.stringify([{ existing: ids[0], color: "#ff8000" }]),
        uploads: [],
      }),
    ).toMatchObject({ ok: false });
    expect(await colours(r.id)).toEqual(["White", "Orange"]);
    // The product page reads them: its gallery shows the chosen colour's photo.
    const page = await getActiveProduct(r.id);
    expect(page?.images.map((i) => i.color)).toEqual(["White", "Orange"]);
  });

  it("saves sold out or made to order with its days, and the product's own facts (the rest stay the shop's)", async () => {
    const r = await saveProduct(
      null,
      input({
        name: "Outdoor Cafe Sign",
        whenSoldOut: "made-to-order",
        madeToOrderDays: "8",
        sizeCm_M: "32 x 18",
        fact_weight: "1.1 kg",
        fact_placement: "outdoor",
        fact_countryOfOrigin: "",
      }),
      { uploads: [await png("#ff1493")] },
    );
    if (!r.ok) throw new Error(r.message);
    const saved = (await listProductsAdmin()).find((p) => p.id === r.id)!;
    expect(saved).toMatchObject({
      whenSoldOut: "made-to-order",
      madeToOrderDays: 8,
      facts: { sizesCm: { M: { w: 32, h: 18 } }, weight: "1.1 kg", placement: "outdoor" },
    });
    expect(Object.keys(saved.facts)).not.toContain("countryOfOrigin");
    // Back to sold out; facts cleared to the defaults.
    expect(
      await saveProduct(r.id, input({ name: "Outdoor Cafe Sign", whenSoldOut: "sold-out" }), { uploads: [] }),
    ).toMatchObject({ ok: true });
    const again = (await listProductsAdmin()).find((p) => p.id === r.id)!;
    expect(again).toMatchObject({ whenSoldOut: "sold-out", madeToOrderDays: 8, facts: {} });
  });
});
