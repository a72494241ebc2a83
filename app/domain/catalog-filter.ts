import { z } from "zod";
import type { CatalogFilter } from "./catalog";

const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** The products list's filter, read from the URL (`?category=<name or id>&q=<text>`). */
export const catalogFilterSchema = z.object({ category: optionalText, q: optionalText });

/** Parse the filter from a URL's search params; anything unusable is ignored, never an error. */
export function catalogFilterFromUrl(params: URLSearchParams): CatalogFilter {
  const raw = { category: params.get("category") ?? undefined, q: params.get("q") ?? undefined };
  const parsed = catalogFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return { category: raw.category?.trim().slice(0, 100) || undefined, q: raw.q?.trim().slice(0, 100) || undefined };
}

