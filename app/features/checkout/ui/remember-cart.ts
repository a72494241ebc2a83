import type { CartItem } from "~/features/cart/cart";
import { linesToSave } from "~/features/cart/saved-lines";

/*
 * The checkout's cart-reminder saves (issue 30, decision 045), loaded the first time the shopper ticks the box.
 * This browser's random key (localStorage) is the only handle on its saved checkout: the server keeps its hash.
 */

const KEY_STORAGE = "neon-cart-reminder-key";

function browserKey(): string {
  try {
    const known = window.localStorage.getItem(KEY_STORAGE);
    if (known && /^[A-Za-z0-9_-]{43}$/.test(known)) return known;
  } catch {
    /* storage blocked: a key for this page only */
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  try {
    window.localStorage.setItem(KEY_STORAGE, key);
  } catch {
    /* as above */
  }
  return key;
}

export type Remembered = {
  name: string;
  email: string;
  phone: string;
  whatsapp: boolean;
  items: readonly CartItem[];
};

async function post(body: unknown): Promise<boolean> {
  try {
    const r = await fetch("/api/checkout/remember", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    });
    return r.ok;
  } catch {
    return false;
  }
}

export function saveForReminders(c: Remembered): Promise<boolean> {
  return post({
    intent: "save",
    key: browserKey(),
    consent: true,
    name: c.name.slice(0, 100),
    email: c.email,
    phone: c.phone,
    whatsapp: c.whatsapp,
    lines: linesToSave(c.items).slice(0, 20),
  });
}

export function forgetForReminders(): Promise<boolean> {
  return post({ intent: "forget", key: browserKey() });
}
