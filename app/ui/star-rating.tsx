import { Star } from "~/ui/icons";
import { formatRating } from "~/shared/money";

/** The product's stored rating (one decimal) and review count. */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <div className="flex items-center gap-1 text-sm">
      <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
      {/* Whole strings: one text node each, not text and separators (rendered on every card) */}
      <span className="font-medium">{formatRating(rating)}</span>
      <span className="text-muted-foreground">{`(${reviewCount} reviews)`}</span>
      <span className="sr-only">{`Rated ${formatRating(rating)} out of 5 from ${reviewCount} reviews`}</span>
    </div>
  );
}
