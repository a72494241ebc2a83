import { useState } from "react";
import { imageAttrs, PLACEHOLDER_IMAGE, type ImageWithAlt } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";

/** The product page's large picture with its thumbnails. */
export function ProductGallery({
  name,
  images,
}: {
  name: string;
  images: (ImageWithAlt & { id: string })[];
}) {
  const imageBase = useImageBase();
  const [imageIndex, setImageIndex] = useState(0);
  const image = images[imageIndex] ?? images[0];
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
