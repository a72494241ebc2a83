import { z } from "./zod";

/*
 * What every admin form and list shares, whatever the feature: checkbox values, row ids, moving and switching
 * rows, the body cap of a plain form, and what an admin write returns (its answer is ~/shared/form-answer).
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

/** What an admin write returns: success with its data, or a failure with a status, a message and field errors. */
export type Failure = {
  ok: false;
  status: 400 | 404 | 409;
  /** A message for the whole form or a toast. */
  message: string;
  /** Messages to show next to fields. */
  fieldErrors?: Record<string, string>;
};
export type Success<T = object> = { ok: true } & T;
export type Result<T = object> = Success<T> | Failure;

export const notFound = (what: string): Failure => ({
  ok: false,
  status: 404,
  message: `${what} not found. It may have been deleted.`,
});
export const invalid = (fieldErrors: Record<string, string>): Failure => ({
  ok: false,
  status: 400,
  message: Object.values(fieldErrors)[0] ?? "Please check the form.",
  fieldErrors,
});
