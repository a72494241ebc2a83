import type { ReactNode } from "react";
import { Label } from "~/ui/label";
import { cn } from "~/ui/utils";

/**
 * One form field: label, control, optional description and error, with the accessibility wiring done
 * once: the control gets `id`, `aria-invalid` while an error shows, and `aria-describedby` pointing at
 * the description and the error. Plain React (no form library, no zod), so the storefront can use it
 * without growing its bundle.
 *
 *   <Field id="product-name" name="name" label="Product Name *" error={errors.name}>
 *     {(control) => <Input {...control} defaultValue={...} />}
 *   </Field>
 */
export type FieldControlProps = {
  id: string;
  name: string;
  "data-field": string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FieldProps = {
  id: string;
  name: string;
  label: ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({
  id,
  name,
  label,
  error,
  description,
  className,
  labelClassName,
  children,
}: FieldProps) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children(fieldControlProps(id, name, error, Boolean(description)))}
      {description ? (
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The control's props for a field (for controls laid out without `<Field>`, e.g. a switch row). */
export function fieldControlProps(
  id: string,
  name: string,
  error: string | undefined,
  hasDescription = false,
): FieldControlProps {
  const describedBy = [hasDescription ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    name,
    "data-field": name,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

/** A field's error, announced politely; its id is what the control's aria-describedby points at. */
export function FieldError({
  id,
  message,
  className,
}: {
  id: string;
  message?: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn("text-sm font-medium text-red-400", className)}>
      {message}
    </p>
  );
}
