import { describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import type { Design } from "~/features/customizer/customizer";
import { buyNowNote, buyNowPlan, isLineOfDesign } from "./buy-now";

const design: Design = {
  text: "Hello",
  font: "orbitron",
  color: "pink",
  size: "M",
  hasDimmer: false,
  backingShape: "cut-to-shape",
};

function customLine(over: Partial<NonNullable<CartItem["customConfig"]>> = {}, quantity = 1): CartItem {
  return {
    id: `custom-${Math.random()}`,
    name: 'Custom Neon: "Hello"',
    price: 5297,
    image: "/placeholder.svg",
    quantity,
    type: "custom",
    customConfig: { ...design, ...over },
  };
}

const product: CartItem = {
  id: "p1-M",
  name: "Good Vibes Only Neon Sign",
  price: 2499,
  image: "/placeholder.svg",
  quantity: 2,
  type: "product",
  productConfig: {
    size: "M",
    color: "Pink",
    brightnessController: false,
    productType: "Standard",
    originalProductId: "p1",
  },
};

describe("Buy Now", () => {
  it("recognises the same design in the cart, and only the same", () => {
    expect(isLineOfDesign(customLine(), design)).toBe(true);
    // The ordered text is the displayed one: an empty text is ordered as YOUR TEXT.
    expect(isLineOfDesign(customLine({ text: "YOUR TEXT" }), { ...design, text: " " })).toBe(true);
    for (const change of [
      { text: "Hallo" },
      { font: "rajdhani" },
      { color: "blue" },
      { size: "L" },
      { hasDimmer: true },
      { backingShape: "rectangle" },
    ]) {
      expect(isLineOfDesign(customLine(change), design)).toBe(false);
    }
    expect(isLineOfDesign(product, design)).toBe(false);
  });

  it("does not add the design again when it is in the cart, and counts the other items", () => {
    expect(buyNowPlan([], design)).toEqual({ alreadyInCart: false, otherItems: 0 });
    expect(buyNowPlan([customLine()], design)).toEqual({ alreadyInCart: true, otherItems: 0 });
    expect(buyNowPlan([customLine(), product, customLine({ color: "blue" })], design)).toEqual({
      alreadyInCart: true,
      otherItems: 3,
    });
  });

  it("says what happens to the rest of the cart", () => {
    expect(buyNowNote({ alreadyInCart: false, otherItems: 0 })).toBeNull();
    expect(buyNowNote({ alreadyInCart: true, otherItems: 0 })).toBe(
      "This design is already in your cart: Buy Now checks it out once.",
    );
    expect(buyNowNote({ alreadyInCart: true, otherItems: 1 })).toBe(
      "This design is already in your cart: Buy Now checks it out once, with the other item in your cart.",
    );
    expect(buyNowNote({ alreadyInCart: false, otherItems: 2 })).toBe(
      "Buy Now checks out this design with the 2 other items in your cart (remove them in the cart first if you don't want them).",
    );
  });
});
