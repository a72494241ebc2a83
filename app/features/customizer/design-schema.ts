import { z } from "~/shared/zod";
import { DESIGN_RULES, type Design } from "./customizer";

/**
 * A design as a zod schema, for the server and the cart's stored lines: each field checked by its rule in
 * `DESIGN_RULES` (customizer.ts), so the customiser page, which checks with the rules alone, and the server
 * refuse the same designs with the same words.
 */
const field = <K extends keyof Design>(key: K) =>
  z.custom<Design[K]>().superRefine((v, ctx) => {
    const message = DESIGN_RULES[key](v);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const designSchema = z.object({
  text: field("text"),
  font: field("font"),
  color: field("color"),
  size: field("size"),
  hasDimmer: field("hasDimmer"),
  backingShape: field("backingShape"),
});
