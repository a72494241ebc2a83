/*
 * What the shop says about delivery to a PIN code, zod-free so storefront pages can show it without the
 * rules' schemas (issue 28).
 */

export const PIN_MESSAGE = "Please enter a 6-digit PIN code.";
export const NOT_SERVICEABLE_MESSAGE =
  "Sorry, our couriers do not deliver to this PIN code yet. Please check it, or contact us to arrange delivery.";
export const COD_UNAVAILABLE_MESSAGE =
  "Cash on delivery is not available for this PIN code. Please pay online.";

/** A six-digit PIN code India Post does not list (issue 42): said wherever a PIN is typed, word for word. */
export function notAPinMessage(pin: string): string {
  return `${pin} is not an Indian PIN code`;
}

/** A PIN code and a chosen state that do not go together (the tax follows the state). */
export function pinStateMessage(pin: string, pinState: string, chosen: string): string {
  return `PIN ${pin} is in ${pinState}, not ${chosen}: check the PIN or the state`;
}
