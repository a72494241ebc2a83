import { useSyncExternalStore } from "react";
import type * as CartRulesModule from "~/features/cart/cart-lines";
import type { CartItem } from "~/features/cart/cart-lines";

/**
 * The cart shared by every page: kept in localStorage (it survives a reload) and in sync across
 * tabs. The server re-checks every line at checkout; nothing here is trusted.
 *
 * The cart rules (`~/features/cart/cart`, with its zod schema for stored carts) are loaded on first need:
 * when a stored cart exists or the shopper changes the cart. A first visit with an empty cart
 * downloads none of it, which keeps the pages' start-up JavaScript small. So changes apply
 * asynchronously: `await cart.add(item)` before navigating if the next page must see the line,
 * and wait for `hydrated` before treating an empty cart as empty.
 */
const STORAGE_KEY = "neon-cart";

type CartState = {
  items: CartItem[];
  isOpen: boolean;
  hydrated: boolean;
  totalItems: number;
  totalPrice: number;
};

const EMPTY: CartState = { items: [], isOpen: false, hydrated: false, totalItems: 0, totalPrice: 0 };
let state: CartState = EMPTY;
const listeners = new Set<() => void>();

type CartRules = typeof CartRulesModule;
let rules: Promise<CartRules> | null = null;
const loadRules = () => (rules ??= import("~/features/cart/cart-lines"));

function emit() {
  for (const l of listeners) l();
}

function setItems(items: CartItem[], m: CartRules, persist = true) {
  state = { ...state, items, ...m.cartTotals(items) };
  if (persist && typeof window !== "undefined") {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
    } catch {
      /* storage full or blocked: the cart still works for this page */
    }
  }
  emit();
}

function setPanel(isOpen: boolean) {
  state = { ...state, isOpen };
  emit();
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Work queued in order, each step seeing the state left by the one before. */
let queue: Promise<unknown> = Promise.resolve();
function change(fn: (m: CartRules) => void) {
  queue = queue.then(() => loadRules().then(fn)).catch(() => undefined);
  return queue;
}

let started = false;
function hydrate() {
  if (started || typeof window === "undefined") return;
  started = true;
  const raw = readStored();
  // `hydrated` turns true once the stored cart (if any) has been read into the state.
  // A stored cart that no longer parses is dropped (parseStoredCart returns an empty cart).
  if (raw) {
    change((m) => {
      state = { ...state, hydrated: true };
      setItems(m.parseStoredCart(raw), m, false);
    });
  } else {
    state = { ...state, hydrated: true };
  }
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY) return;
    const next = e.newValue;
    change((m) => setItems(m.parseStoredCart(next), m, false));
  });
}

function subscribe(listener: () => void) {
  hydrate();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let returnFocusTo: HTMLElement | null = null;

export const cart = {
  add(item: Omit<CartItem, "quantity">) {
    hydrate();
    return change((m) => setItems(m.addItem(state.items, item), m));
  },
  remove(id: string) {
    return change((m) => setItems(m.removeItem(state.items, id), m));
  },
  updateQuantity(id: string, quantity: number) {
    return change((m) => setItems(m.updateQuantity(state.items, id, quantity), m));
  },
  clear() {
    state = { ...state, isOpen: false };
    return change((m) => setItems([], m));
  },
  open() {
    // Remember where focus was, so closing the drawer can put it back (the drawer has no trigger).
    if (typeof document !== "undefined" && document.activeElement instanceof HTMLElement) {
      returnFocusTo = document.activeElement;
    }
    setPanel(true);
  },
  close() {
    setPanel(false);
  },
  toggle() {
    setPanel(!state.isOpen);
  },
  /** The element focused before the drawer opened, if it is still on the page. */
  takeReturnFocus(): HTMLElement | null {
    const el = returnFocusTo;
    returnFocusTo = null;
    return el?.isConnected && el !== document.body ? el : null;
  },
  /** Resolves when every queued cart change has been applied. */
  settled(): Promise<unknown> {
    return queue;
  },
  snapshot(): CartState {
    hydrate();
    return state;
  },
};

/** The cart's lines, totals and panel state. Empty during server rendering. */
export function useCart() {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
}
