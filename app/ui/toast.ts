import { useSyncExternalStore } from "react";

/*
 * The storefront's toasts without sonner in every page's start-up JavaScript: sonner (its code and its
 * styles, ~10 KB gzipped) loads the first time a toast is shown. The shop layout renders <ToastHost />,
 * which mounts the real toaster once asked; a toast waits until that toaster listens, then shows.
 * Decision 022. (The admin keeps sonner directly: its pages are not budgeted.)
 */

type ToastOptions = { description?: string };
type Kind = "success" | "error";

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

async function show(kind: Kind, title: string, options?: ToastOptions): Promise<void> {
  want();
  try {
    const [{ toast: sonner }] = await Promise.all([import("sonner"), mounted]);
    sonner[kind](title, options);
  } catch {
    // The toaster's code could not be loaded (offline): the page goes on without the message.
  }
}

/** Show a toast (loads the toaster on first use). */
export const toast = {
  success: (title: string, options?: ToastOptions) => void show("success", title, options),
  error: (title: string, options?: ToastOptions) => void show("error", title, options),
};
