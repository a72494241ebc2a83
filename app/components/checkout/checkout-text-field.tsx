import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CheckoutField } from "~/domain/checkout";

type Props = {
  name: CheckoutField;
  label: string;
  error?: string | undefined;
  required?: boolean;
  onEdit: (name: CheckoutField) => void;
} & Omit<React.ComponentProps<"input">, "name" | "required">;

/** One checkout input with its label, required mark and error, wired for screen readers. */
export function CheckoutTextField({ name, label, error, required = true, onEdit, ...props }: Props) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={`co-${name}`}>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </Label>
      <Input
        id={`co-${name}`}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `co-${name}-error` : undefined}
        aria-required={required || undefined}
        onChange={() => onEdit(name)}
        {...props}
      />
      {error ? (
        <p id={`co-${name}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
