import { z } from "./zod";

/*
 * What every admin form and list shares, whatever the feature: checkbox values, row ids, moving and switching
 * rows, the body cap of a plain form, and the answer an admin action gives (a toast and field errors).
 */

/** Checkbox or switch values: "on", "true", "1" are true; anything else (or absent) false. */
export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

export type MoveDirection = "up" | "down";
export const moveSchema = z.object({
  id: z.uuid(),
  direction: z.enum(["up", "down"]),
});
export const idSchema = z.object({ id: z.uuid() });
export const toggleSchema = z.object({ id: z.uuid(), isActive: checkbox });

/** Up/down arrows: the first item cannot go up, the last cannot go down. */
export function canMove(index: number, length: number, direction: MoveDirection): boolean {
  return direction === "up" ? index > 0 : index < length - 1;
}

/** The largest body of an admin form without files. */
export const MAX_PLAIN_FORM_BYTES = 64 * 1024;

export type ActionToast = { title: string; description?: string };
/** What an admin action answers (the page shows the toast and the field errors). */
export type AdminActionData =
  | { ok: true; intent: string; toast?: ActionToast }
  | { ok: false; intent: string; toast?: ActionToast; fieldErrors?: Record<string, string> };
