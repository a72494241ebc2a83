import { useSyncExternalStore } from "react";
import {
  addItem as addLine,
  cartTotals,
  parseStoredCart,
  removeItem as removeLine,
  updateQuantity as setLineQuantity,
  type CartItem,
} from "~/domain/cart";

/**
 * The cart shared by every page: kept in localStorage (it survives a reload) and in sync across
 * tabs. The server re-checks every line at checkout; nothing here is trusted.
 */
const STORAGE_KEY = "neon-cart";

type CartState = { items: CartItem[]; isOpen: boolean; hydrated: boolean };

let state: CartState = { items: [], isOpen: false, hydrated: false };
const listeners = new Set<() => void>();
const SERVER_STATE: CartState = { items: [], isOpen: false, hydrated: false };

function emit() {
  for (const l of listeners) l();
}

function setState(next: Partial<CartState>, persist = true) {
  state = { ...state, ...next };
  if (persist && next.items && typeof window !== "undefined") {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state.items));
    } catch {
      /* storage full or blocked: the cart still works for this page */
    }
  }
  emit();
}

function hydrate() {
  if (state.hydrated || typeof window === "undefined") return;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  state = { ...state, items: parseStoredCart(raw), hydrated: true };
  window.addEventListener("storage", (e) => {
    if (e.key === STORAGE_KEY) setState({ items: parseStoredCart(e.newValue) }, false);
  });
}

function subscribe(listener: () => void) {
  hydrate();
  listeners.add(listener);
  // The first subscriber after hydration must re-read the state.
  queueMicrotask(listener);
  return () => {
    listeners.delete(listener);
  };
}

let returnFocusTo: HTMLElement | null = null;

export const cart = {
  add(item: Omit<CartItem, "quantity">) {
    hydrate();
    setState({ items: addLine(state.items, item) });
  },
  remove(id: string) {
    setState({ items: removeLine(state.items, id) });
  },
  updateQuantity(id: string, quantity: number) {
    setState({ items: setLineQuantity(state.items, id, quantity) });
  },
  clear() {
    setState({ items: [], isOpen: false });
  },
  open() {
    // Remember where focus was, so closing the drawer can put it back (the drawer has no trigger).
    if (typeof document !== "undefined" && document.activeElement instanceof HTMLElement) {
      returnFocusTo = document.activeElement;
    }
    setState({ isOpen: true }, false);
  },
  close() {
    setState({ isOpen: false }, false);
  },
  toggle() {
    setState({ isOpen: !state.isOpen }, false);
  },
  /** The element focused before the drawer opened, if it is still on the page. */
  takeReturnFocus(): HTMLElement | null {
    const el = returnFocusTo;
    returnFocusTo = null;
    return el?.isConnected && el !== document.body ? el : null;
  },
  snapshot(): CartState {
    hydrate();
    return state;
  },
};

/** The cart's lines, totals and panel state. Empty during server rendering. */
export function useCart() {
  const s = useSyncExternalStore(subscribe, () => state, () => SERVER_STATE);
  return { ...s, ...cartTotals(s.items) };
}
