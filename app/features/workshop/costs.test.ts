import { describe, expect, it } from "vitest";
import { DEFAULT_WORKSHOP_SETTINGS as D } from "~/features/settings/workshop-settings";
import {
  adaptorCost,
  customSignCost,
  domesticBasis,
  goodsRevenueNet,
  marginOf,
  priceWithoutGst,
  readyMadeCost,
  taxBasisOf,
  type TaxBasis,
} from "./costs";

// The defaults: white flex ₹160/m, pink ₹180/m, 5 mm acrylic ₹1400/m², 36 W adaptor ₹380, 72 W ₹600, dimmer
// ₹150, labour ₹120/m, packing M ₹220 and L ₹320, a ready-made L sign 6 m of flex, 9.6 W/m.

const byKey = (c: { items: { key: string; rupees: number }[] }) =>
  Object.fromEntries(c.items.map((i) => [i.key, i.rupees]));

describe("a custom sign's cost of making", () => {
  it("adds up flex by colour, acrylic by area, the adaptor, the dimmer, labour and packing", () => {
    const m = {
      ledMetres: [{ color: "white" as const, metres: 2.5 }],
      ledMetresTotal: 2.5,
      adaptorW: 36,
      backingAreaM2: 0.12,
    };
    const cost = customSignCost(m, { size: "M", hasDimmer: true }, D);
    // 2.5 × 160 = 400; 0.12 × 1400 = 168; 380; 150; 2.5 × 120 = 300; 220.
    expect(byKey(cost)).toEqual({
      led: 400,
      acrylic: 168,
      adaptor: 380,
      dimmer: 150,
      labour: 300,
      packing: 220,
    });
    expect(cost.total).toBe(1618);
    expect(cost.items[0]!.label).toBe("LED flex Pure White, 2.50 m at ₹160/m");
    // Without the dimmer there is no dimmer line and ₹150 less.
    const plain = customSignCost(m, { size: "M", hasDimmer: false }, D);
    expect(plain.total).toBe(1468);
    expect(plain.items.map((i) => i.key)).not.toContain("dimmer");
  });

  it("prices each colour's metres at its own rate, an unlisted colour at the other colours' rate", () => {
    const settings = { ...D, ledCostPerMetre: { ...D.ledCostPerMetre, default: 200 } };
    const m = {
      ledMetres: [
        { color: "purple" as const, metres: 1 },
        { color: "teal" as never, metres: 2 },
      ],
      ledMetresTotal: 3,
      adaptorW: 48,
      backingAreaM2: 0,
    };
    const led = customSignCost(m, { size: "S", hasDimmer: false }, settings).items.filter(
      (i) => i.key === "led",
    );
    expect(led.map((i) => i.rupees)).toEqual([190, 400]);
  });
});

describe("an adaptor's cost", () => {
  it("is its listed cost, else the next larger rating's, else the largest's", () => {
    const s = { adaptorCosts: "24:300, 60:520" };
    expect(adaptorCost(24, s)).toBe(300);
    expect(adaptorCost(36, s)).toBe(520);
    expect(adaptorCost(100, s)).toBe(520);
    expect(adaptorCost(12, s)).toBe(300);
  });
});

describe("a ready-made product's cost per size", () => {
  it("uses the settings' metres for its size, its stored width × height and the adaptor the watts need", () => {
    const cost = readyMadeCost({ size: "L", sizeCm: { w: 46, h: 46 }, color: "Pink", dimmer: false }, D);
    // 6 m × 180 = 1080; 0.2116 m² × 1400 = 296.24 → 296; 6 × 9.6 = 57.6 W, × 1.2 = 69.1 → 72 W at 600;
    // 6 × 120 = 720; packing L 320.
    expect(byKey(cost)).toEqual({ led: 1080, acrylic: 296, adaptor: 600, labour: 720, packing: 320 });
    expect(cost).toMatchObject({ total: 3016, ledMetres: 6, adaptorW: 72 });
  });

  it("uses the product's own metres when it says them, and the dimmer when chosen", () => {
    const cost = readyMadeCost(
      { size: "S", sizeCm: { w: 15, h: 15 }, color: "White", dimmer: true, ledMetres: 1 },
      D,
    );
    // 160; 0.0225 × 1400 = 31.5 → 32; 9.6 W × 1.2 = 11.5 → 12 W at 220; dimmer 150; labour 120; packing S 150.
    expect(byKey(cost)).toEqual({
      led: 160,
      acrylic: 32,
      adaptor: 220,
      dimmer: 150,
      labour: 120,
      packing: 150,
    });
    expect(cost.total).toBe(832);
  });
});

describe("margin", () => {
  it("is revenue without GST less the cost, and its share of that revenue", () => {
    expect(marginOf(1000, 600)).toEqual({ revenue: 1000, cost: 600, margin: 400, percent: 40 });
    expect(marginOf(3000, 3016)).toEqual({ revenue: 3000, cost: 3016, margin: -16, percent: -0.5 });
    expect(marginOf(0, 100).percent).toBeNull();
  });
});

describe("revenue without GST, as the invoice splits it", () => {
  const intra: TaxBasis = { ratePercent: 18, supply: "intra", estimated: false };
  const inter: TaxBasis = { ratePercent: 18, supply: "inter", estimated: false };

  it("takes the 18% GST out of a tax-inclusive price: ₹1,180 is ₹1,000 and ₹180 tax", () => {
    expect(priceWithoutGst(1180, intra)).toBe(1000);
    expect(priceWithoutGst(1180, inter)).toBe(1000);
    expect(priceWithoutGst(1180, { ratePercent: 0, supply: "intra", estimated: false })).toBe(1180);
    expect(priceWithoutGst(1180, { ...intra, supply: "export" })).toBe(1180);
  });

  it("shares the discount among the lines, leaves delivery out and takes a partial refund in proportion", () => {
    const order = {
      goods: [
        { unitPrice: 2360, quantity: 1 },
        { unitPrice: 1180, quantity: 2 },
      ],
      discount: 354,
      deliveryFee: 299,
      codFee: 0,
      refunded: 0,
    };
    // Each line 2360 less 177 = 2183, of which 18/118 is tax: 1850 each.
    expect(goodsRevenueNet(order, intra)).toEqual([1850, 1850]);
    expect(goodsRevenueNet(order, inter)).toEqual([1850, 1850]);
    // Not registered (bill of supply): no tax to take out.
    expect(goodsRevenueNet(order, { ratePercent: 0, supply: "intra", estimated: false })).toEqual([
      2183, 2183,
    ]);
    // Half of a ₹1,180 order refunded: ₹590 kept, ₹500 without GST.
    const one = {
      goods: [{ unitPrice: 1180, quantity: 1 }],
      discount: 0,
      deliveryFee: 0,
      codFee: 0,
      refunded: 590,
    };
    expect(goodsRevenueNet(one, intra)).toEqual([500]);
  });

  it("finds the supply as the invoice does: the GSTIN's state against the delivery state", () => {
    const shop = { gstin: "09AAAAA0000A1Z5", gstRatePercent: 18, notRegistered: false };
    expect(taxBasisOf(shop, { country: null, stateSlug: "uttar-pradesh" })).toEqual(intra);
    expect(taxBasisOf(shop, { country: null, stateSlug: "delhi" })).toEqual(inter);
    expect(taxBasisOf(shop, { country: "AE", stateSlug: null }).supply).toBe("export");
    expect(
      taxBasisOf(
        { gstin: null, gstRatePercent: 18, notRegistered: true },
        { country: null, stateSlug: "delhi" },
      ),
    ).toEqual({ ratePercent: 0, supply: "intra", estimated: false });
    expect(
      taxBasisOf(
        { gstin: null, gstRatePercent: 18, notRegistered: false },
        { country: null, stateSlug: "delhi" },
      ),
    ).toEqual({ ratePercent: 18, supply: "intra", estimated: true });
  });
});

describe("a product's price without GST", () => {
  it("takes the set rate out, nothing when the shop is not registered, estimated without a GSTIN", () => {
    expect(domesticBasis({ gstin: "09AAAAA0000A1Z5", gstRatePercent: 18, notRegistered: false })).toEqual({
      ratePercent: 18,
      supply: "intra",
      estimated: false,
    });
    expect(domesticBasis({ gstin: null, gstRatePercent: 18, notRegistered: true }).ratePercent).toBe(0);
    expect(domesticBasis({ gstin: null, gstRatePercent: 18, notRegistered: false }).estimated).toBe(true);
  });
});
