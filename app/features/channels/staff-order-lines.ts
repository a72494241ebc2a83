import type { CartItem } from "~/features/cart/cart";
import { CUSTOM_COLORS, type Design } from "~/features/customizer/customizer";

/** The customiser's design as a cart line of the staff order (issue 46): the server prices and checks it again. */
export function customDesignCartItem(d: Design): CartItem {
  const colour = CUSTOM_COLORS.find((c) => c.id === d.color)?.name ?? d.color;
  return {
    id: `custom-${d.font}-${d.size}-${d.color}`,
    name: `Custom neon "${d.text.replace(/\s+/g, " ").slice(0, 60)}" (${d.size}, ${colour}${d.hasDimmer ? ", dimmer" : ""})`,
    price: 0,
    image: "",
    quantity: 1,
    type: "custom",
    customConfig: {
      text: d.text,
      font: d.font,
      color: d.color,
      size: d.size,
      hasDimmer: d.hasDimmer,
      backingShape: d.backingShape,
    },
  };
}
