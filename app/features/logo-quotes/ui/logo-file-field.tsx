import { useId, useState } from "react";
import { FieldError } from "~/ui/field";
import { Palette } from "~/ui/icons";

/** A native radio drawn like the shop's RadioGroupItem (app/ui/radio-group.tsx), so the form works before JS. */
export const RADIO_CLASS =
  "grid size-5 shrink-0 cursor-pointer appearance-none place-content-center rounded-full border border-primary before:size-2.5 before:rounded-full before:bg-primary before:opacity-0 before:content-[''] checked:before:opacity-100 focus-visible:outline-none";

/**
 * The logo picker: a button-like label over the (visually hidden) file input, with the chosen file's name.
 * The input stays a real form field, so the page posts its file with or without JavaScript.
 */
export function LogoFileField({ error }: { error?: string }) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Logo (PNG or JPG, up to 5 MB)
      </span>
      <label
        htmlFor={id}
        className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-input p-6 text-center text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
      >
        <Palette className="size-6 text-primary" aria-hidden />
        <span className="font-semibold">{name ? "Choose another file" : "Choose your logo"}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
          {name ? `Chosen: ${name}` : "PNG or JPG, up to 5 MB"}
        </span>
        <input
          id={id}
          name="logo"
          type="file"
          accept="image/png,image/jpeg"
          required
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
