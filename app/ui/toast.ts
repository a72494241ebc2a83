import { useSyncExternalStore } from "react";
import type { ToastKind, ToastOptions } from "~/ui/toast-show";

/*
 * The storefront's toasts without sonner in every page's start-up JavaScript: sonner (its code and its
 * styles, ~10 KB gzipped) loads the first time a toast is shown. The shop layout renders <ToastHost />,
 * which mounts the real toaster once asked; a toast waits until that toaster listens, then shows.
 * Decision 022. The admin renders the same Toaster at once (its pages are not budgeted) and shows its toasts
 * through this module too, so every form answer is shown one way (decision 031).
 */

export type { ToastAction, ToastOptions } from "~/ui/toast-show";

let wanted = false;
const subscribers = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function want(): void {
  if (wanted) return;
  wanted = true;
  for (const s of [...subscribers]) s();
}

/** Whether a toast has been asked for (the toast host mounts the toaster from then on). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the toast host once the toaster is mounted and listening. */
export function toasterMounted(): void {
  markMounted();
}

/** The element last pressed: a phone's toast keeps clear of it (toast-placement.ts). */
let pressed: Element | null = null;
if (typeof document !== "undefined")
  document.addEventListener(
    "pointerdown",
    (e) => {
      pressed = e.target instanceof Element ? e.target : null;
    },
    { capture: true, passive: true },
  );

async function show(kind: ToastKind, title: string, options?: ToastOptions): Promise<void> {
  want();
  try {
    const [{ showToast }] = await Promise.all([import("~/ui/toast-show"), mounted]);
    await showToast(kind, title, options, pressed);
  } catch {
    // The toaster's code could not be loaded (offline): the page goes on without the message.
  }
}

/** Show a toast (loads the toaster on first use). */
export const toast = {
  success: (title: string, options?: ToastOptions) => void show("success", title, options),
  error: (title: string, options?: ToastOptions) => void show("error", title, options),
};
