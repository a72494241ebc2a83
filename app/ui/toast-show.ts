/*
 * The part of ~/ui/toast that runs once a toast is shown: loaded lazily with sonner, so the start-up code of
 * every page does not carry it.
 */

/** A button in a toast; clicking it runs `onClick` and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };
/**
 * `action` is the toast's main button, `secondaryAction` a quieter one before it (sonner's action and cancel
 * buttons), e.g. "Checkout" and "View cart" after adding to the cart.
 */
export type ToastOptions = { description?: string; action?: ToastAction; secondaryAction?: ToastAction };
export type ToastKind = "success" | "error";

/** Shows a toast through sonner: the secondary action is its cancel button. */
export async function showToast(kind: ToastKind, title: string, options: ToastOptions = {}): Promise<void> {
  const { toast } = await import("sonner");
  const { secondaryAction, ...rest } = options;
  toast[kind](title, secondaryAction ? { ...rest, cancel: secondaryAction } : rest);
}
