import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getCustomOrderDetails } from "~/features/orders/admin-order-details.server";
import { db } from "~/platform/db/client.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { setEnv } from "~/platform/env.server";
import { customLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, placeCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase(NO_ORDER_LIMITS);
beforeEach(() => setEnv(t.env));

const dataUrl = async (format: "jpeg" | "png") => {
  const img = sharp({ create: { width: 1200, height: 800, channels: 3, background: "#334455" } });
  const bytes = await (format === "jpeg" ? img.jpeg({ quality: 70 }) : img.png()).toBuffer();
  return `data:image/${format};base64,${bytes.toString("base64")}`;
};

async function placeWith(wallPhotoUrl: string | undefined) {
  const line = customLine("MY WALL");
  line.customConfig = { ...line.customConfig!, ...(wallPhotoUrl ? { wallPhotoUrl } : {}) };
  const placed = await placeCheckout([line]);
  const [o] = await db()
    .select()
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, placed.checkoutId));
  return o!;
}

describe("the attached own-wall photo", () => {
  it("is stored re-encoded with the order and shown to staff", async () => {
    const o = await placeWith(await dataUrl("jpeg"));
    expect(o.wallPhotoKey).toMatch(/^[0-9a-f]{32}$/);
    const d = await getCustomOrderDetails(o.id);
    expect(d!.wallPhotoUrl).toMatch(new RegExp(`/${o.wallPhotoKey}/\\d+\\.webp$`));
  });

  it("is absent unless attached, and anything but a JPEG is dropped without refusing the order", async () => {
    expect((await placeWith(undefined)).wallPhotoKey).toBeNull();
    expect((await placeWith(await dataUrl("png"))).wallPhotoKey).toBeNull();
    expect((await placeWith("data:image/jpeg;base64,bm90IGFuIGltYWdl")).wallPhotoKey).toBeNull();
  });
});
