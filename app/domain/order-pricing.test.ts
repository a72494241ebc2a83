import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart";
import {
  planCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type ProductRecord,
  type RequestedProductLine,
} from "./order-pricing";

const PID = "11111111-1111-4111-8111-111111111111";
const record: ProductRecord = {
  id: PID,
  name: "Good Vibes Only Neon Sign",
  isActive: true,
  stockQuantity: 3,
  smallPrice: 1499,
  smallMrp: 2099,
  mediumPrice: 2499,
  mediumMrp: 3499,
  largePrice: null,
  largeMrp: null,
  extraLargePrice: 5499,
  extraLargeMrp: 7699,
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

describe("the checkout plan", () => {
  it("charges delivery once, on the regular order, for a mixed cart", () => {
    const { priced } = priceProductLines(productLines([productItem()]), new Map([[PID, record]]));
    const customs = priceCustomLines(
      requestedLines([
        customItem("HELLO WORLD!", { hasDimmer: true, backingShape: "rectangle" }, 2),
        customItem("HI"),
      ]).lines as never,
    );
    const plan = planCheckout(priced, customs);
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
    const plan = planCheckout([], customs);
    expect(plan.regular).toBeNull();
    expect(plan.custom.map((c) => c.deliveryFee)).toEqual([299, 0]);
    expect(plan.totalAmount).toBe(2999 + 1999 + 299);
  });
});
