import { useEffect } from "react";
import { rememberedPin } from "~/features/couriers/ui/pin-memory";

/**
 * The PIN the shopper gave on a product page, the customiser or the cart (issue 28) fills an empty PIN
 * field once, as if typed: the state, the delivery options and the courier's word follow it.
 */
export function RememberedPin() {
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('#checkout-form input[name="pincode"]');
    const pin = rememberedPin();
    if (!input || input.value !== "" || !pin) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, pin);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, []);
  return null;
}
