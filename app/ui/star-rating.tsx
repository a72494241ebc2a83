import { Star } from "~/ui/icons";
import { formatRating } from "~/shared/money";

/**
 * The product's rating (one decimal) and review count, computed from its published reviews (issue 29).
 * Nothing at all when it has none: no made-up stars.
 */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount <= 0) return null;
  const noun = reviewCount === 1 ? "review" : "reviews";
  return (
    <div className="flex items-center gap-1 text-sm">
      <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
      {/* Whole strings: one text node each, not text and separators (rendered on every card) */}
      <span className="font-medium">{formatRating(rating)}</span>
      <span className="text-muted-foreground">{`(${reviewCount} ${noun})`}</span>
      <span className="sr-only">{`Rated ${formatRating(rating)} out of 5 from ${reviewCount} ${noun}`}</span>
    </div>
  );
}
