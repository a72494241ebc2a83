/*
 * The part of ~/ui/toast that runs once a toast is shown: loaded lazily with sonner, so the start-up code of
 * every page does not carry it.
 */

import { toastPositionNow } from "~/ui/toast-placement";

/** A button in a toast; clicking it runs `onClick` and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
/**
 * `action` is the toast's main button, `secondaryAction` a quieter one before it (sonner's action and cancel
 * buttons), e.g. "Checkout" and "View cart" after adding to the cart.
 */
export type ToastOptions = { description?: string; action?: ToastAction; secondaryAction?: ToastAction };
export type ToastKind = "success" | "error";

/**
 * Shows a toast through sonner: the secondary action is its cancel button. On a phone it goes where it covers
 * neither the focused control (or the one last `pressed`) nor the page's sticky bars (toast-placement.ts).
 */
export async function showToast(
  kind: ToastKind,
  title: string,
  options: ToastOptions = {},
  pressed: Element | null = null,
): Promise<void> {
  const { toast } = await import("sonner");
  const { secondaryAction, ...rest } = options;
  const position = toastPositionNow(pressed);
  toast[kind](title, {
    ...rest,
    ...(secondaryAction ? { cancel: secondaryAction } : {}),
    ...(position ? { position } : {}),
  });
}
