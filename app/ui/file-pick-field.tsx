import { useId, useState, type ComponentType } from "react";
import { FieldError } from "~/ui/field";
import { cn } from "~/ui/utils";

/**
 * A file picker that works before JavaScript: a button-like label over the (visually hidden) file input, with
 * the chosen file's name once picked. The input stays a real form field, so the page posts its file with or
 * without JavaScript (the logo quote's logo, a complaint's photo).
 */
export function FilePickField({
  name,
  label,
  icon: Icon,
  choose,
  chooseAgain,
  hint,
  accept,
  required,
  large,
  error,
}: {
  name: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  /** The button's words before a file is chosen, and after. */
  choose: string;
  chooseAgain: string;
  /** What may be chosen, shown until a file is. */
  hint: string;
  accept: string;
  required?: boolean;
  /** The bigger drop area of a page whose main field this is. */
  large?: boolean;
  error?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {label}
      </span>
      <label
        htmlFor={id}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center rounded-lg border border-dashed border-input text-center text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
          large ? "gap-2 p-6" : "gap-1 p-4",
        )}
      >
        <Icon className={cn("text-primary", large ? "size-6" : "size-5")} aria-hidden />
        <span className="font-semibold">{chosen ? chooseAgain : choose}</span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
          {chosen ? `Chosen: ${chosen}` : hint}
        </span>
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          required={required}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)}
        />
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
