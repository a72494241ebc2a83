import { describe, expect, it } from "vitest";
import {
  addItem,
  cartTotals,
  parseStoredCart,
  parseStoredCartWithSchema,
  removeItem,
  updateQuantity,
  type CartItem,
} from "./cart";

const line = (id: string, price = 100): Omit<CartItem, "quantity"> => ({
  id,
  name: `Item ${id}`,
  price,
  image: "/placeholder.svg",
  type: "product",
});

describe("cart rules", () => {
  it("adds a new line with quantity 1 and raises an existing id by 1", () => {
    let items = addItem([], line("a"));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(1);
    items = addItem(items, line("a"));
    expect(items[0]!.quantity).toBe(2);
    items = addItem(items, line("b"));
    expect(items.map((i) => i.id)).toEqual(["a", "b"]);
  });

  it("removes a line at quantity 0 and floors quantities", () => {
    const items = addItem(addItem([], line("a")), line("b"));
    expect(updateQuantity(items, "a", 0).map((i) => i.id)).toEqual(["b"]);
    expect(updateQuantity(items, "a", -3).map((i) => i.id)).toEqual(["b"]);
    expect(updateQuantity(items, "a", 2.7)[0]!.quantity).toBe(2);
    expect(removeItem(items, "b").map((i) => i.id)).toEqual(["a"]);
  });

  it("totals count quantities and price times quantity", () => {
    const items = updateQuantity(addItem(addItem([], line("a", 2499)), line("b", 500)), "a", 3);
    expect(cartTotals(items)).toEqual({ totalItems: 4, totalPrice: 3 * 2499 + 500 });
  });

  it("drops a stored cart that does not parse", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ id: 1 }]))).toEqual([]);
    const good = addItem([], line("a"));
    expect(parseStoredCart(JSON.stringify(good))).toEqual(good);
  });

  it("reads a stored cart by hand exactly as the schema does (the browser's check without zod)", () => {
    const product = {
      id: "p-M-Blue-0-1",
      name: "Neon",
      price: 2499,
      image: "/placeholder.svg",
      quantity: 2,
      type: "product",
      productConfig: {
        size: "M",
        color: "Blue",
        brightnessController: false,
        productType: "Standard",
        originalProductId: "p",
      },
    };
    const custom = {
      id: "custom-1",
      name: 'Custom Neon: "Hi"',
      price: 3000,
      image: "data:image/jpeg;base64,AAAA",
      quantity: 1,
      type: "custom",
      customConfig: {
        text: "Hi\nthere",
        font: "orbitron",
        color: "pink",
        size: "M",
        hasDimmer: true,
        backingShape: "cut-to-shape",
        previewImageUrl: "data:image/jpeg;base64,AAAA",
      },
    };
    const carts: unknown[] = [
      [],
      {},
      "cart",
      [product],
      [product, custom],
      [{ ...product, extra: "dropped" }],
      [{ ...custom, customConfig: { ...custom.customConfig, extra: 1 } }],
      [{ ...product, quantity: 0 }],
      [{ ...product, quantity: 1000 }],
      [{ ...product, quantity: 1.5 }],
      [{ ...product, price: -1 }],
      [{ ...product, price: "2499" }],
      [{ ...product, id: "" }],
      [{ ...product, id: "x".repeat(201) }],
      [{ ...product, name: "x".repeat(601) }],
      [{ ...product, type: "gift" }],
      [{ ...product, image: undefined }],
      [{ ...product, productConfig: { ...product.productConfig, size: "XXL" } }],
      [{ ...product, productConfig: { ...product.productConfig, brightnessController: "no" } }],
      [{ ...product, productConfig: null }],
      [{ ...custom, customConfig: { ...custom.customConfig, text: "a\u0007b" } }],
      [{ ...custom, customConfig: { ...custom.customConfig, text: "a\u200Bb" } }],
      [{ ...custom, customConfig: { ...custom.customConfig, text: "x".repeat(501) } }],
      [{ ...custom, customConfig: { ...custom.customConfig, size: "HUGE" } }],
      [{ ...custom, customConfig: { ...custom.customConfig, wallPhotoUrl: 5 } }],
      [{ ...custom, customConfig: { ...custom.customConfig, hasDimmer: undefined } }],
      [product, { ...custom, quantity: -3 }],
    ];
    for (const c of carts) {
      const raw = JSON.stringify(c);
      expect(parseStoredCart(raw), raw).toEqual(parseStoredCartWithSchema(raw));
    }
    // The samples cover both answers.
    expect(parseStoredCart(JSON.stringify([product, custom]))).toHaveLength(2);
    expect(parseStoredCart(JSON.stringify([{ ...product, quantity: 0 }]))).toEqual([]);
  });
});
