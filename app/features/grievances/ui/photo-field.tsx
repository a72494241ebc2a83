import { useId, useState } from "react";
import { FieldError } from "~/ui/field";
import { ImagePlus } from "~/ui/icons";

/**
 * The complaint's optional photo: a button-like label over the (visually hidden) file input, with the chosen
 * file's name. The input stays a real form field, so the page posts its file with or without JavaScript.
 */
export function PhotoField({ error }: { error?: string }) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Photo of the problem (optional)
      </span>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-input p-4 text-center text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
      >
        <ImagePlus className="size-5 text-primary" aria-hidden />
        <span className="font-semibold">{name ? "Choose another photo" : "Add a photo"}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
          {name ? `Chosen: ${name}` : "PNG, JPG or WebP, up to 5 MB"}
        </span>
        <input
          id={id}
          name="photo"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={(e) => setName(e.currentTarget.files?.[0]?.name ?? null)}
        />
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
