import { ImageOff } from "lucide-react";
import { imageAttrs, type StoredImage } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { cn } from "~/ui/utils";

const SIZE_CLASS = { 48: "size-12", 56: "size-14" } as const;

/** A list row's small square picture (decorative: the row names the thing), or a placeholder without one. */
export function Thumbnail({
  image,
  px,
}: {
  image: StoredImage | null | undefined;
  px: keyof typeof SIZE_CLASS;
}) {
  const imageBase = useImageBase();
  const size = SIZE_CLASS[px];
  return image ? (
    <img
      {...imageAttrs(image, 320, imageBase)}
      sizes={`${px}px`}
      alt=""
      className={cn(size, "shrink-0 rounded object-cover")}
      loading="lazy"
    />
  ) : (
    <span
      className={cn("flex shrink-0 items-center justify-center rounded bg-muted", size)}
      aria-hidden="true"
    >
      <ImageOff className="size-5 text-muted-foreground" />
    </span>
  );
}
