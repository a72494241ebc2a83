import { describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { cartSummary } from "./order-amounts";
import {
  planCheckout,
  priceCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type ProductRecord,
  type RequestedProductLine,
} from "./order-pricing";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";
import { SAMPLE_SIZE_PRICES } from "../../../tests/support/size-prices";

const PID = "11111111-1111-4111-8111-111111111111";
const record: ProductRecord = {
  id: PID,
  name: "Good Vibes Only Neon Sign",
  isActive: true,
  stockQuantity: 3,
  ...SAMPLE_SIZE_PRICES,
};

const productItem = (
  over: Partial<CartItem> = {},
  cfg: Partial<NonNullable<CartItem["productConfig"]>> = {},
): CartItem => ({
  id: `p-${Math.random()}`,
  name: "Tampered name",
  price: 1,
  image: "",
  quantity: 1,
  type: "product",
  productConfig: {
    size: "M",
    color: "Pink",
    brightnessController: false,
    productType: "Standard",
    originalProductId: PID,
    ...cfg,
  },
  ...over,
});

const customItem = (
  text: string,
  over: Partial<NonNullable<CartItem["customConfig"]>> = {},
  quantity = 1,
): CartItem => ({
  id: `custom-${Math.random()}`,
  name: `Custom Neon: "${text}"`,
  price: 1,
  image: "",
  quantity,
  type: "custom",
  customConfig: {
    text,
    font: "orbitron",
    color: "pink",
    size: "M",
    hasDimmer: false,
    backingShape: "cut-to-shape",
    ...over,
  },
});

const productLines = (items: CartItem[]) =>
  requestedLines(items).lines.filter((l): l is RequestedProductLine => l.kind === "product");

describe("requested lines", () => {
  it("keeps what was chosen and drops every price the browser sent", () => {
    const { lines, errors } = requestedLines([
      productItem({ price: 1 }, { brightnessController: true }),
      customItem("HELLO", { color: "#00bfff" }),
    ]);
    expect(errors).toEqual([]);
    expect(lines[0]).toMatchObject({
      kind: "product",
      productId: PID,
      size: "M",
      color: "Pink",
      brightnessController: true,
    });
    expect(lines[0]).not.toHaveProperty("price");
    expect(lines[1]).toMatchObject({ kind: "custom", design: { text: "HELLO", color: "blue" } });
  });

  it("refuses lines it cannot understand, naming them", () => {
    const { errors } = requestedLines([
      productItem({ name: "Bad colour" }, { color: "Ultraviolet" }),
      productItem({ name: "Bad id" }, { originalProductId: "not-a-uuid" }),
      customItem("X", { font: "comic-sans" }),
    ]);
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('"Bad colour"');
    expect(errors[2]).toContain('Custom Neon: "X"');
  });

  it("refuses a design that cannot be made and carries borderline warnings for staff", () => {
    const { lines, errors } = requestedLines([
      customItem("Happy Birthday", { size: "S" }),
      customItem("नमस्ते", { font: "orbitron" }),
      customItem("YOUR TEXT", { size: "S" }),
      customItem("LOVE"),
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(
      /^"Custom Neon: "Happy Birthday"" cannot be made: The letters would be only about/,
    );
    expect(errors[1]).toContain("Choose a Hindi font");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: "custom",
      makeWarnings: expect.stringMatching(/about 3\.1 cm high/),
    });
    expect(lines[1]).toMatchObject({ kind: "custom", makeWarnings: null });
  });
});

describe("pricing ready-made lines from the database", () => {
  it("uses the size's price plus ₹500 for the brightness controller", () => {
    const { priced } = priceProductLines(
      productLines([productItem({ quantity: 2 }, { size: "XL", brightnessController: true })]),
      new Map([[PID, record]]),
    );
    expect(priced[0]).toMatchObject({ name: "Good Vibes Only Neon Sign", unitPrice: 5999, lineTotal: 11998 });
  });

  it("refuses gone, inactive, unpriced sizes and short stock (all lines of one product together)", () => {
    const gone = priceProductLines(productLines([productItem({ name: "Old Sign" })]), new Map());
    expect(gone.errors[0]).toBe('"Old Sign" is no longer available. Please remove it from your cart.');
    const inactive = priceProductLines(
      productLines([productItem()]),
      new Map([[PID, { ...record, isActive: false }]]),
    );
    expect(inactive.errors[0]).toContain('"Good Vibes Only Neon Sign" is no longer available');
    const size = priceProductLines(productLines([productItem({}, { size: "L" })]), new Map([[PID, record]]));
    expect(size.errors[0]).toContain("size L");
    const short = priceProductLines(
      productLines([productItem({ quantity: 2 }), productItem({ quantity: 2 }, { size: "S" })]),
      new Map([[PID, record]]),
    );
    expect(short.errors).toEqual([
      'Only 3 left of "Good Vibes Only Neon Sign" (you asked for 4). Please lower the quantity.',
    ]);
    const out = priceProductLines(
      productLines([productItem()]),
      new Map([[PID, { ...record, stockQuantity: 0 }]]),
    );
    expect(out.errors[0]).toContain("is out of stock");
  });
});

const STANDARD = { method: "standard", deliveryFee: 299, codFee: 0, daysMin: 7, daysMax: 14 } as const;

describe("the checkout plan", () => {
  it("charges delivery once, on the regular order, for a mixed cart", () => {
    const { priced } = priceProductLines(productLines([productItem()]), new Map([[PID, record]]));
    const customs = priceCustomLines(
      requestedLines([
        customItem("HELLO WORLD!", { hasDimmer: true, backingShape: "rectangle" }, 2),
        customItem("HI"),
      ]).lines as never,
    );
    const plan = planCheckout(priced, customs, STANDARD);
    expect(plan.regular).toMatchObject({ subtotal: 2499, deliveryFee: 299, totalAmount: 2798 });
    // 2999 + 2 extra characters (100) + 499 + 299 = 3897 each, two of them.
    expect(plan.custom[0]).toMatchObject({ subtotal: 7794, deliveryFee: 0, totalAmount: 7794 });
    expect(plan.custom[0]!.line.price).toMatchObject({
      basePrice: 2999,
      characterPrice: 100,
      dimmerPrice: 499,
      backingPrice: 299,
    });
    expect(plan.custom[1]).toMatchObject({ subtotal: 2999, deliveryFee: 0 });
    expect(plan).toMatchObject({
      subtotal: 2499 + 7794 + 2999,
      deliveryFee: 299,
      totalAmount: 2499 + 7794 + 2999 + 299,
    });
  });

  it("charges delivery on the first custom order when there is no regular order", () => {
    const customs = priceCustomLines(
      requestedLines([customItem("A"), customItem("B", { size: "S" })]).lines as never,
    );
    const plan = planCheckout([], customs, { ...STANDARD, codFee: 50 });
    expect(plan.regular).toBeNull();
    expect(plan.custom.map((c) => c.deliveryFee)).toEqual([299, 0]);
    expect(plan.custom.map((c) => c.codFee)).toEqual([50, 0]);
    expect(plan.custom.map((c) => c.totalAmount)).toEqual([2999 + 299 + 50, 1999]);
    expect(plan.totalAmount).toBe(2999 + 1999 + 299 + 50);
  });
});

describe("pricing a checkout with the shipping rules", () => {
  const rules = DEFAULT_SHIPPING;
  const delhi = { country: "IN" as const, pincode: "110001" };
  const badaun = { country: "IN" as const, pincode: "243601" };
  const price = (qty: number, choice: Parameters<typeof priceCheckout>[2]) => {
    const { priced } = priceProductLines(
      productLines([productItem({ quantity: qty })]),
      new Map([[PID, { ...record, stockQuantity: 10 }]]),
    );
    return priceCheckout(priced, [], choice, rules);
  };

  it("charges standard delivery below ₹5,000 and nothing at exactly ₹5,000 or more; COD adds ₹50", () => {
    const below = price(1, { dest: badaun, method: "standard", paymentMethod: "razorpay" });
    expect(below.ok && below.plan).toMatchObject({
      subtotal: 2499,
      deliveryFee: 299,
      codFee: 0,
      totalAmount: 2798,
    });
    const cod = price(1, { dest: badaun, method: "standard", paymentMethod: "cod" });
    expect(cod.ok && cod.plan).toMatchObject({ deliveryFee: 299, codFee: 50, totalAmount: 2848 });
    expect(cod.ok && cod.plan.regular).toMatchObject({ codFee: 50, totalAmount: 2848 });
    const two = price(2, { dest: badaun, method: "standard", paymentMethod: "cod" });
    expect(two.ok && two.plan).toMatchObject({
      subtotal: 4998,
      deliveryFee: 299,
      codFee: 50,
      totalAmount: 5347,
    });
    // Custom signs count towards the threshold too: L (4499) with a dimmer (499) and rectangle backing (299).
    const custom = priceCheckout(
      [],
      priceCustomLines(
        requestedLines([customItem("HELLO", { size: "L", hasDimmer: true, backingShape: "rectangle" })])
          .lines as never,
      ),
      { dest: badaun, method: "standard", paymentMethod: "razorpay" },
      rules,
    );
    expect(custom.ok && custom.plan).toMatchObject({ subtotal: 5297, deliveryFee: 0, totalAmount: 5297 });
    expect(custom.ok && custom.plan.custom[0]).toMatchObject({ deliveryFee: 0, totalAmount: 5297 });
  });

  it("is free at exactly the threshold (₹5,000) and charged one rupee below it", () => {
    const at = priceCheckout(
      [
        {
          ...priceProductLines(
            productLines([productItem()]),
            new Map([[PID, { ...record, mediumPrice: 5000 }]]),
          ).priced[0]!,
        },
      ],
      [],
      { dest: badaun, method: "standard", paymentMethod: "razorpay" },
      rules,
    );
    expect(at.ok && at.plan).toMatchObject({ subtotal: 5000, deliveryFee: 0, totalAmount: 5000 });
    const below = priceCheckout(
      [
        {
          ...priceProductLines(
            productLines([productItem()]),
            new Map([[PID, { ...record, mediumPrice: 4999 }]]),
          ).priced[0]!,
        },
      ],
      [],
      { dest: badaun, method: "standard", paymentMethod: "cod" },
      rules,
    );
    expect(below.ok && below.plan).toMatchObject({
      subtotal: 4999,
      deliveryFee: 299,
      codFee: 50,
      totalAmount: 5348,
    });
  });

  it("charges express (₹599, also above the free threshold) only where the PIN is covered", () => {
    const express = price(2, { dest: delhi, method: "express", paymentMethod: "razorpay" });
    expect(express.ok && express.plan).toMatchObject({
      deliveryFee: 599,
      shipping: { method: "express", daysMin: 3, daysMax: 5 },
    });
    const big = priceCheckout(
      priceProductLines(
        productLines([productItem({ quantity: 3 })]),
        new Map([[PID, { ...record, stockQuantity: 9 }]]),
      ).priced,
      [],
      { dest: delhi, method: "express", paymentMethod: "razorpay" },
      rules,
    );
    expect(big.ok && big.plan).toMatchObject({ subtotal: 7497, deliveryFee: 599, totalAmount: 8096 });
    expect(price(1, { dest: badaun, method: "express", paymentMethod: "razorpay" })).toEqual({
      ok: false,
      field: "shippingMethod",
      message: "Express delivery is not available for PIN code 243601. Please choose Standard Delivery.",
    });
  });

  it("the page's own estimate uses the same rules, falling back to standard when express is not offered", () => {
    const items = [{ price: 2500, quantity: 2 }];
    expect(
      cartSummary(items, rules, { dest: badaun, method: "express", paymentMethod: "cod" }, "2025-08-18"),
    ).toMatchObject({ subtotal: 5000, deliveryFee: 0, codFee: 50, shippingMethod: "standard" });
    const s = cartSummary(
      items,
      rules,
      { dest: delhi, method: "express", paymentMethod: "cod" },
      "2025-08-18",
    );
    expect(s).toMatchObject({ deliveryFee: 599, codFee: 50, totalAmount: 5649, shippingMethod: "express" });
    expect(s.options.map((o) => [o.method, o.fee, o.from, o.to])).toEqual([
      ["standard", 0, "2025-08-26", "2025-09-03"],
      ["express", 599, "2025-08-21", "2025-08-23"],
    ]);
  });
});

describe("pricing with a discount code", () => {
  const badaun = { country: "IN" as const, pincode: "243601" };
  const priced = () =>
    priceProductLines(productLines([productItem({ quantity: 2 })]), new Map([[PID, record]])).priced;

  it("never makes a total negative: a 100% code leaves the delivery and COD charges", () => {
    const lines = priced();
    const all = new Map(lines.map((l) => [l.cartId, l.lineTotal]));
    const r = priceCheckout(
      lines,
      [],
      { dest: badaun, method: "standard", paymentMethod: "cod" },
      DEFAULT_SHIPPING,
      { code: { code: "ALL100", amount: 4998, byLine: all } },
    );
    expect(r.ok && r.plan).toMatchObject({
      subtotal: 4998,
      discount: 4998,
      discountCode: "ALL100",
      deliveryFee: 299,
      codFee: 50,
      totalAmount: 349,
    });
    expect(r.ok && r.plan.regular).toMatchObject({ discount: 4998, totalAmount: 349 });
  });

  it("counts the goods after the discount for free delivery", () => {
    const lines = priceProductLines(
      productLines([productItem({ quantity: 2 }, { size: "XL" })]),
      new Map([[PID, record]]),
    ).priced;
    // 2 x 5,499 = 10,998: free; minus 6,000 = 4,998: charged.
    const r = priceCheckout(
      lines,
      [],
      { dest: badaun, method: "standard", paymentMethod: "razorpay" },
      DEFAULT_SHIPPING,
      { code: { code: "BIG", amount: 6000, byLine: new Map([[lines[0]!.cartId, 6000]]) } },
    );
    expect(r.ok && r.plan).toMatchObject({
      subtotal: 10998,
      discount: 6000,
      deliveryFee: 299,
      totalAmount: 5297,
    });
  });
});
