import type { CartItem } from "~/features/cart/cart";
import { displayText, type Design } from "~/features/customizer/customizer";

/*
 * Buy Now checks out the design on screen once: when the cart already holds the same design (e.g. after
 * Add to Cart), it goes to checkout without adding it again. The rest of the cart stays and is checked out
 * with it; the page says so (buyNowNote).
 */

type DesignChoices = Pick<Design, "text" | "font" | "color" | "size" | "hasDimmer" | "backingShape">;

/** Whether a cart line is this custom design (same text as ordered, font, colour, size, dimmer, backing). */
export function isLineOfDesign(line: CartItem, design: DesignChoices): boolean {
  const c = line.customConfig;
  return (
    line.type === "custom" &&
    c !== undefined &&
    c.text === displayText(design.text) &&
    c.font === design.font &&
    c.color === design.color &&
    c.size === design.size &&
    c.hasDimmer === design.hasDimmer &&
    c.backingShape === design.backingShape
  );
}

export type BuyNowPlan = { alreadyInCart: boolean; otherItems: number };

/** What Buy Now does with this cart: add the design or not, and how many other items go to checkout with it. */
export function buyNowPlan(items: readonly CartItem[], design: DesignChoices): BuyNowPlan {
  let alreadyInCart = false;
  let otherItems = 0;
  for (const line of items) {
    if (isLineOfDesign(line, design)) alreadyInCart = true;
    else otherItems += line.quantity;
  }
  return { alreadyInCart, otherItems };
}

/** The sentence under the buttons, or null when Buy Now simply checks out this one design. */
export function buyNowNote({ alreadyInCart, otherItems }: BuyNowPlan): string | null {
  const others =
    otherItems === 0
      ? ""
      : `with the ${otherItems === 1 ? "other item" : `${otherItems} other items`} in your cart`;
  if (alreadyInCart)
    return `This design is already in your cart: Buy Now checks it out once${others ? `, ${others}` : ""}.`;
  if (others)
    return `Buy Now checks out this design ${others} (remove them in the cart first if you don't want them).`;
  return null;
}
