/*
 * Where a toast goes (issue 42): never over the control being used, the sticky header or the sticky actions
 * at the bottom of a page. Sonner lays toasts across the whole width up to 600 px wide: there a toast goes at
 * the top, under the header (out of the way of the fields, the keyboard and the bottom bars), unless the
 * focused control is up there itself (e.g. the customiser's Download Preview on its sticky card): then at the
 * bottom. Wider screens keep the toaster's own place, bottom right, unless the control in use is there (a
 * button at the foot of the right-hand column): then top right, under the header.
 */

/** Sonner's narrow layout starts at this width and below (its stylesheet's breakpoint). */
export const NARROW_TOASTS_MAX_PX = 600;
/** Toasts at the top start this far down: under the shop's and the admin's sticky header (64 px). */
export const TOAST_TOP_PX = 72;
/** The height a toast takes: its title, a description of two lines and a row of buttons. */
const TOAST_ROOM_PX = 160;
/** A wide screen's toast: sonner's width and its distance from the window's edges. */
const WIDE_TOAST_PX = 356;
const WIDE_EDGE_PX = 24;

export type ToastPosition = "top-center" | "bottom-center" | "top-right";
type Box = { top: number; bottom: number; left: number; right: number };

/**
 * The toast's position in a `width` × `height` window with the focused control's box (null: nothing
 * focused); undefined: the toaster's own (bottom right).
 */
export function toastPosition(width: number, height: number, focused: Box | null): ToastPosition | undefined {
  const inView = focused !== null && focused.bottom > 0 && focused.top < height;
  if (width <= NARROW_TOASTS_MAX_PX)
    return inView && focused.top < TOAST_TOP_PX + TOAST_ROOM_PX ? "bottom-center" : "top-center";
  const underBottomRight =
    inView &&
    focused.bottom > height - WIDE_EDGE_PX - TOAST_ROOM_PX &&
    focused.right > width - WIDE_EDGE_PX - WIDE_TOAST_PX;
  return underBottomRight ? "top-right" : undefined;
}

/**
 * The position for this browser window: clear of its focused element, or of the element last pressed when
 * nothing has the focus (a tap does not focus a button in Safari).
 */
export function toastPositionNow(pressed: Element | null): ToastPosition | undefined {
  const active = document.activeElement;
  const el = active && active !== document.body ? active : pressed?.isConnected ? pressed : null;
  return toastPosition(window.innerWidth, window.innerHeight, el ? el.getBoundingClientRect() : null);
}
