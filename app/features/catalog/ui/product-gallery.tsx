import { useState } from "react";
import { imageAttrs, PLACEHOLDER_IMAGE } from "~/shared/images";
import type { ProductImage } from "~/features/catalog/catalog-cards";
import { useImageBase } from "~/ui/image-base";

/**
 * The product page's large picture with its thumbnails. Choosing a colour shows the first photo of the sign in
 * that colour, when there is one; otherwise a line says which colour the photos show.
 */
export function ProductGallery({
  name,
  images,
  color,
}: {
  name: string;
  images: ProductImage[];
  color: string;
}) {
  const imageBase = useImageBase();
  const [imageIndex, setImageIndex] = useState(0);
  const [shownFor, setShownFor] = useState(color);
  if (shownFor !== color) {
    setShownFor(color);
    const inColor = images.findIndex((img) => img.color === color);
    if (inColor >= 0) setImageIndex(inColor);
  }
  const image = images[imageIndex] ?? images[0];
  const photoColor = image?.color;
  return (
    <div className="space-y-3">
      <div className="aspect-square overflow-hidden rounded-xl border bg-muted">
        {image ? (
          <img
            key={image.id}
            {...imageAttrs(image, 960, imageBase)}
            sizes="(min-width: 1024px) 600px, 100vw"
            alt={image.altText ?? name}
            loading="eager"
            fetchPriority="high"
            className="size-full object-cover"
          />
        ) : (
          <img src={PLACEHOLDER_IMAGE} alt="" width={600} height={600} className="size-full object-cover" />
        )}
      </div>
      {photoColor && photoColor !== color && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {`This photo shows the sign in ${photoColor}; yours is made in ${color}.`}
        </p>
      )}
      {images.length > 1 && (
        <div className="flex gap-3" role="group" aria-label="Product images">
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              onClick={() => setImageIndex(i)}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === imageIndex}
              className={`size-20 overflow-hidden rounded-md border-2 ${i === imageIndex ? "border-primary" : "border-transparent"}`}
            >
              <img
                {...imageAttrs(img, 320, imageBase)}
                sizes="80px"
                alt=""
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
