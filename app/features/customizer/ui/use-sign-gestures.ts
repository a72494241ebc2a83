import { useRef } from "react";
import type { CustomSizeId } from "~/features/customizer/customizer";
import { nearestSize, type Point } from "~/features/customizer/wall-scale";

type Handler = (e: React.PointerEvent<HTMLCanvasElement>) => void;

/**
 * Moving and resizing the sign on the shopper's wall photo: one pointer drags it (its centre follows the
 * pointer, as fractions of the photo); two pointers pinch it to another size option (the width at the
 * pinch's start times the change in finger distance, snapped to the nearest size).
 */
export function useSignGestures({
  active,
  signWidthCm,
  onMove,
  onSize,
}: {
  active: boolean;
  signWidthCm: number;
  onMove: (p: Point) => void;
  onSize: (size: CustomSizeId) => void;
}): { onPointerDown: Handler; onPointerMove: Handler; onPointerUp: Handler; onPointerCancel: Handler } {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ dist: number; widthCm: number } | null>(null);
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const at = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  const end: Handler = (e) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  return {
    onPointerDown(e) {
      if (!active) return;
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        /* a pointer the browser no longer tracks: the gesture still works while it stays on the canvas */
      }
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size === 2) pinch.current = { dist: spread(), widthCm: signWidthCm };
      else if (pointers.current.size === 1) onMove(at(e));
    },
    onPointerMove(e) {
      if (!active || !pointers.current.has(e.pointerId)) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const p = pinch.current;
      if (p && p.dist > 0) onSize(nearestSize((p.widthCm * spread()) / p.dist));
      else if (pointers.current.size === 1) onMove(at(e));
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}
