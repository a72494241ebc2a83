import { beforeAll, describe, expect, it } from "vitest";
import { dashboardData, grossMargin } from "~/features/dashboard/routes/admin-dashboard.server";
import { getCustomOrderDetails } from "~/features/orders/admin-order-details.server";
import { measureDesign } from "~/features/sign-geometry/measure-design.server";
import { customSignCost } from "~/features/workshop/costs";
import { orderCost } from "~/features/workshop/order-costs.server";
import { productCosts } from "~/features/workshop/product-costs.server";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { adminSession } from "../support/admin-session";
import { insertCustomOrder, insertOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Issue 44: the cost of making and the margin of real orders, and the dashboard's gross margin for a planted
// day, against figures worked by hand from the default workshop settings (costs.test.ts lists them) and a shop
// GSTIN in Uttar Pradesh (18% GST inside every price).

setupTestDatabase();

const DAY = "2032-02-01";
const at = new Date(`${DAY}T06:00:00Z`);
const delhi = { address1: "1, Janpath", city: "New Delhi", state: "delhi", pincode: "110001" };
const design = {
  text: "Good Vibes",
  font: "orbitron",
  color: "pink",
  size: "M",
  hasDimmer: false,
  backingShape: "cut-to-shape",
} as const;

/** The design as a custom order's row stores it. */
const stored = {
  customText: design.text,
  fontStyle: design.font,
  neonColor: design.color,
  size: design.size,
  hasDimmer: design.hasDimmer,
  backingShape: design.backingShape,
};

let productId: string;

beforeAll(async () => {
  const { actor } = await adminSession("owner@example.com");
  const { settings, version } = await loadShopSettings();
  const gstin = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
  expect(
    (await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version)).ok,
  ).toBe(true);
  const [c] = await db().insert(categories).values({ name: "Signs" }).returning();
  // No facts of its own: the default sizes (L is 46 × 46 cm).
  const [p] = await db()
    .insert(products)
    .values({
      name: "Pink Flamingo",
      categoryId: c!.id,
      mediumPrice: 2360,
      mediumMrp: 2999,
      largePrice: 5900,
    })
    .returning();
  productId = p!.id;
});

/** The planted day: what counts and what does not. */
async function plant() {
  // Counted: paid online, a Large pink sign at ₹5,900 to Uttar Pradesh (intra-state): ₹5,000 without GST.
  const ready = await insertOrder(
    { createdAt: at, paymentMethod: "razorpay", paymentStatus: "paid", status: "confirmed" },
    [{ productId, price: 5900, quantity: 1, size: "L", color: "Pink", name: "Pink Flamingo" }],
  );
  // Counted: a custom sign at ₹3,540 to Delhi (inter-state) with ₹299 delivery: ₹3,000 without GST.
  const custom = await insertCustomOrder({
    ...stored,
    createdAt: at,
    shippingAddress: delhi,
    paymentMethod: "razorpay",
    paymentStatus: "paid",
    status: "in_production",
    basePrice: 3540,
    deliveryFee: 299,
    totalAmount: 3839,
  });
  // Not counted: cash on delivery not yet delivered (no money in), a test order, a refunded custom sign.
  await insertOrder({ createdAt: at, status: "confirmed" }, [
    { productId, price: 5900, size: "L", color: "Pink" },
  ]);
  await insertOrder({ createdAt: at, paymentMethod: "razorpay", paymentStatus: "paid", isTest: true }, [
    { productId, price: 5900, size: "L", color: "Pink" },
  ]);
  await insertCustomOrder({ ...stored, createdAt: at, paymentMethod: "razorpay", paymentStatus: "refunded" });
  return { ready, custom };
}

describe("cost and margin of orders", () => {
  it("the dashboard's gross margin for a day equals the hand-worked figures", async () => {
    const { ready, custom } = await plant();
    const { settings } = await loadShopSettings();
    const measured = (await measureDesign(design)).measurement;
    const customCost = customSignCost(measured, design, settings.workshop);
    // The custom sign's items follow its measurement: flex at ₹180/m, labour ₹120/m, packing M ₹220.
    expect(customCost.items.find((i) => i.key === "led")!.rupees).toBe(
      Math.round(measured.ledMetresTotal * 180),
    );
    expect(customCost.items.find((i) => i.key === "labour")!.rupees).toBe(
      Math.round(measured.ledMetresTotal * 120),
    );
    expect(customCost.items.find((i) => i.key === "packing")!.rupees).toBe(220);

    // The Large pink sign: 6 m × 180 = 1,080 + 46 × 46 cm at ₹1,400/m² = 296 + 72 W adaptor 600 + labour 720
    // + packing 320 = 3,016.
    const readyCost = await orderCost("order", ready.id);
    expect(readyCost!.lines).toHaveLength(1);
    expect(readyCost!.lines[0]).toMatchObject({ quantity: 1, revenue: 5000, problem: null });
    expect(readyCost!.lines[0]!.unit!.total).toBe(3016);
    expect(readyCost!.total).toEqual({ revenue: 5000, cost: 3016, margin: 1984, percent: 39.7 });

    const customLine = (await orderCost("custom", custom.id))!;
    expect(customLine.basis).toMatchObject({ supply: "inter", ratePercent: 18 });
    expect(customLine.total).toMatchObject({ revenue: 3000, cost: customCost.total });

    const m = await grossMargin(DAY, DAY, false);
    const cost = 3016 + customCost.total;
    expect(m).toEqual({
      revenue: 8000,
      cost,
      margin: 8000 - cost,
      percent: Math.round(((8000 - cost) / 8000) * 1000) / 10,
      orders: 2,
      unmeasured: 0,
    });
    // The dashboard shows the same beside the day's revenue (₹5,900 + ₹3,839 received).
    const d = await dashboardData({ range: 7, test: false }, new Date(`${DAY}T12:00:00Z`));
    expect(d.margin).toEqual(m);
    expect(d.days.at(-1)!.revenue).toBe(5900 + 3839);
    // The staff's dialog of the custom order carries the same block.
    expect((await getCustomOrderDetails(custom.id, true))!.costs).toEqual(customLine);
    // The shopper's page reads the details without them.
    expect((await getCustomOrderDetails(custom.id))!.costs).toBeNull();
  });

  it("a ready-made product's cost and margin per size, for the sizes it is sold in", async () => {
    const { products: rows, gstRate } = await productCosts();
    const p = rows.find((r) => r.id === productId)!;
    expect(gstRate).toBe(18);
    expect(p.sizes.map((s) => s.size)).toEqual(["M", "L"]);
    // Large in its own colour (Blue, the default): 6 × 180 + 296 + 600 + 720 + 320 = 3,016; ₹5,900 is ₹5,000.
    expect(p.sizes[1]).toMatchObject({ price: 5900, margin: { revenue: 5000, cost: 3016, margin: 1984 } });
    // Medium: 4 m × 180 = 720 + 30 × 30 cm = 0.09 m² × 1,400 = 126 + 38.4 W × 1.2 = 46 → 48 W at 450 + labour 480
    // + packing 220 = 1,996; ₹2,360 is ₹2,000 without GST.
    expect(p.sizes[0]).toMatchObject({ price: 2360, margin: { revenue: 2000, cost: 1996, margin: 4 } });
  });
});
