import { Star } from "lucide-react";
import { formatRating } from "~/domain/money";

/** The product's stored rating (one decimal) and review count. */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <div className="flex items-center gap-1 text-sm">
      <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden />
      <span className="font-medium">{formatRating(rating)}</span>
      <span className="text-muted-foreground">({reviewCount} reviews)</span>
      <span className="sr-only">
        Rated {formatRating(rating)} out of 5 from {reviewCount} reviews
      </span>
    </div>
  );
}
