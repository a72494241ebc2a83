/**
 * A discount code a shopper picked up from a banner, kept in the browser until checkout applies it (the
 * banner opens in a new tab, so localStorage, which every tab of the shop shares).
 */
const KEY = "neon-discount-code";

export function rememberDiscountCode(code: string): void {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    /* storage blocked: the shopper types the code the banner shows */
  }
}

/** The remembered code, forgotten once read (checkout applies it once; the shopper may remove it). */
export function takeRememberedDiscountCode(): string | null {
  try {
    const code = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return code && /^[A-Z0-9][A-Z0-9_-]{2,29}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
