import { FieldError } from "~/ui/field";
import { ArrowLeft, ArrowRight, ImagePlus, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Badge } from "~/ui/badge";
import { IconButton } from "~/features/admin-shell/ui/icon-button";
import {
  MAX_PRODUCT_IMAGES,
  MESSAGES,
  PRODUCT_IMAGE_ACCEPT,
  productImageFileError,
} from "~/features/catalog/admin-catalog";
import { imageAttrs, type StoredImage } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import { NativeSelect } from "~/features/admin-shell/ui/native-select";
import { PRODUCT_COLORS } from "~/features/sign-options/product-options";

/** An image of the product form: one the product has, or a file chosen now (previewed from memory). */
export type PickedImage = (
  | { kind: "existing"; key: string; id: string; image: StoredImage; alt: string }
  | { kind: "new"; key: string; file: File; url: string }
) & {
  /** The sign's colour in this photo (one of PRODUCT_COLORS), or null: the gallery shows it for that colour. */
  color: string | null;
};

let counter = 0;
export function newPickedImage(file: File): PickedImage {
  counter += 1;
  return { kind: "new", key: `new-${counter}`, file, url: URL.createObjectURL(file), color: null };
}

/** Frees the memory of previews that are no longer shown. */
export function releasePicked(images: PickedImage[]) {
  for (const img of images) if (img.kind === "new") URL.revokeObjectURL(img.url);
}

/**
 * Previews of a product's images with remove and reorder buttons; the first is the primary image. New files
 * are checked at once (type, size, at most 5 in all); the server checks their content again.
 */
export function ImagePicker({
  images,
  onChange,
  error,
  onError,
}: {
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  error?: string;
  onError: (message: string | undefined) => void;
}) {
  const imageBase = useImageBase();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  }, [images]);
  // Previews still shown when the form goes away are released then.
  useEffect(() => () => releasePicked(latest.current), []);

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const chosen = [...files];
    if (input.current) input.current.value = "";
    for (const f of chosen) {
      const problem = productImageFileError(f);
      if (problem) {
        onError(`${f.name}: ${problem}`);
        return;
      }
    }
    if (images.length + chosen.length > MAX_PRODUCT_IMAGES) {
      onError(MESSAGES.maxImages);
      return;
    }
    onError(undefined);
    onChange([...images, ...chosen.map(newPickedImage)]);
  }

  function remove(index: number) {
    const removed = images[index];
    if (removed) releasePicked([removed]);
    onChange(images.filter((_, i) => i !== index));
    onError(undefined);
  }

  function setColor(index: number, color: string | null) {
    onChange(images.map((img, i) => (i === index ? { ...img, color } : img)));
  }

  function move(index: number, by: -1 | 1) {
    const next = [...images];
    const target = index + by;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  }

  const full = images.length >= MAX_PRODUCT_IMAGES;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
    >
      <legend className="mb-2 text-sm font-medium">Product Images</legend>
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen images">
          {images.map((img, i) => {
            const label = `image ${i + 1}`;
            const src = img.kind === "existing" ? imageAttrs(img.image, 320, imageBase).src : img.url;
            return (
              <li key={img.key} className="relative overflow-hidden rounded-md border bg-muted">
                <img
                  src={src}
                  alt={img.kind === "existing" ? img.alt : `New image: ${img.file.name}`}
                  className="aspect-square w-full object-cover"
                />
                {i === 0 ? <Badge className="absolute left-1 top-1">Primary</Badge> : null}
                <label className="flex items-center gap-1 bg-background/90 px-1 pt-1 text-xs">
                  <span className="shrink-0">Colour</span>
                  <NativeSelect
                    aria-label={`Colour in ${label}`}
                    value={img.color ?? ""}
                    onChange={(e) => setColor(i, e.currentTarget.value || null)}
                    className="h-8 min-w-0 flex-1 px-1 text-xs"
                  >
                    <option value="">Not said</option>
                    {PRODUCT_COLORS.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
                <div className="flex items-center justify-between gap-1 bg-background/90 p-1">
                  <IconButton
                    className="size-8"
                    label={`Move ${label} earlier`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowLeft />
                  </IconButton>
                  <IconButton
                    className="size-8"
                    label={`Move ${label} later`}
                    disabled={i === images.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowRight />
                  </IconButton>
                  <IconButton
                    className="size-8 text-red-400"
                    label={`Remove ${label}`}
                    onClick={() => remove(i)}
                  >
                    <X />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div>
        <label
          htmlFor={inputId}
          className={`inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-input px-4 text-sm font-semibold hover:bg-accent focus-within:ring-2 focus-within:ring-ring ${full ? "pointer-events-none opacity-50" : ""}`}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Upload Images
          <input
            ref={input}
            id={inputId}
            type="file"
            name="images"
            accept={PRODUCT_IMAGE_ACCEPT}
            multiple
            disabled={full}
            className="sr-only"
            onChange={(e) => add(e.currentTarget.files)}
          />
        </label>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        PNG, JPG, JPEG up to 10MB each. 1 to 5 images; the first is the primary image. Tag each photo with the
        sign's colour in it: the product page shows it when a shopper picks that colour. ({images.length}/
        {MAX_PRODUCT_IMAGES})
      </p>
      <FieldError id={`${inputId}-error`} message={error} />
    </fieldset>
  );
}
