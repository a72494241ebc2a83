import { Link } from "react-router";
import { imageAttrs } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import type { CustomerPhoto } from "~/features/reviews/review-reads.server";

/** A strip of buyers' own photos from published reviews (only where the author allowed it); nothing when none. */
export function CustomerPhotos({
  photos,
  title = "Customer photos",
}: {
  photos: CustomerPhoto[];
  title?: string;
}) {
  const imageBase = useImageBase();
  if (photos.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="customer-photos-heading">
      <h2 id="customer-photos-heading" className="mb-2 text-center text-3xl font-bold">
        {title}
      </h2>
      <p className="mb-8 text-center text-sm text-muted-foreground">
        From reviews by verified buyers, shown with their permission.
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((p) => {
          const img = (
            <img
              {...imageAttrs(p, 320, imageBase)}
              sizes="(min-width: 640px) 25vw, 50vw"
              loading="lazy"
              decoding="async"
              alt={`${p.productName ?? "Custom sign"}, photo by ${p.authorName} (${p.rating} stars)`}
              className="aspect-square w-full rounded-lg object-cover"
            />
          );
          return (
            <li key={p.id}>
              {p.productId ? (
                <Link to={`/products/${p.productId}#reviews`} prefetch="none">
                  {img}
                </Link>
              ) : (
                img
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
