import { z } from "~/shared/zod";
import type { CatalogFilter } from "./catalog";
import { cleanSearchText } from "~/shared/text";

const optionalText = z
  .string()
  .transform(cleanSearchText)
  .pipe(z.string().trim().max(100))
  .optional()
  .transform((v) => (v ? v : undefined));

/** The products list's filter, read from the URL (`?category=<name or id>&q=<text>`). */
const page = z.coerce.number().int().min(1).max(10_000).optional().catch(undefined);

export const catalogFilterSchema = z.object({ category: optionalText, q: optionalText, page });

/** Parse the filter from a URL's search params; anything unusable is ignored, never an error. */
export function catalogFilterFromUrl(params: URLSearchParams): CatalogFilter {
  const raw = {
    category: params.get("category") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  };
  const parsed = catalogFilterSchema.safeParse(raw);
  const pageNumber = (v: number | undefined) => (v && v > 1 ? v : undefined);
  if (parsed.success)
    return {
      category: parsed.data.category,
      q: parsed.data.q,
      ...(pageNumber(parsed.data.page) ? { page: parsed.data.page } : {}),
    };
  const clean = (v: string | undefined) =>
    v === undefined ? undefined : cleanSearchText(v).trim().slice(0, 100) || undefined;
  return { category: clean(raw.category), q: clean(raw.q) };
}
