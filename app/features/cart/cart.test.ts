import { describe, expect, it } from "vitest";
import { addItem, cartTotals, parseStoredCart, removeItem, updateQuantity, type CartItem } from "./cart";

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
});
