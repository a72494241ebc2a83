import { z } from "~/shared/zod";

/*
 * Field rules the settings groups share (COD confirmation, prepaid rules, cart reminders): a value left empty, or
 * missing from settings saved before the field existed, takes its default.
 */

const orDefault =
  <T>(fallback: T) =>
  (v: unknown) =>
    v === undefined || v === null || v === "" ? fallback : typeof v === "string" ? v.trim() : v;

/** A whole number from `min` to `max`, `fallback` when empty. */
export const wholeOr = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    orDefault(fallback),
    z.coerce
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );

/** "yes" or "no", `fallback` when empty. */
export const yesNoOr = (fallback: "no" | "yes") =>
  z.preprocess(orDefault(fallback), z.enum(["no", "yes"], { error: "Choose yes or no" }));

/** A WhatsApp template's name as created in WhatsApp Manager, `fallback` when empty. */
export const templateNameOr = (fallback: string) =>
  z.preprocess(
    orDefault(fallback),
    z
      .string()
      .regex(
        /^[a-z0-9_]{1,512}$/,
        "The template's name as created in WhatsApp Manager: lower-case letters, digits and underscores",
      ),
  );
