import { PINCODE_PATTERN } from "~/shared/countries";

/*
 * The shopper's PIN code, remembered in the browser (issue 28): typed once on a product page, the
 * customiser, the cart or the checkout, every other page shows the date for it. localStorage is shared by
 * the shop's tabs; a change is announced to the other fields on the page (and, by the storage event, in
 * other tabs).
 */

const KEY = "neon-pincode";
const EVENT = "neon-pincode";

/** The remembered PIN, or "" (none, not valid, or storage blocked). */
export function rememberedPin(): string {
  try {
    const pin = localStorage.getItem(KEY) ?? "";
    return PINCODE_PATTERN.test(pin) ? pin : "";
  } catch {
    return "";
  }
}

/** Remember a valid PIN (others are ignored) and tell the other PIN fields. */
export function rememberPin(pin: string): void {
  if (!PINCODE_PATTERN.test(pin)) return;
  try {
    localStorage.setItem(KEY, pin);
  } catch {
    /* storage blocked: the PIN holds for this page only */
  }
  window.dispatchEvent(new Event(EVENT));
}

/** Subscribe to changes of the remembered PIN (this page and other tabs); returns the unsubscribe. */
export function onPinChange(listener: () => void): () => void {
  const storage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener("storage", storage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener("storage", storage);
  };
}
