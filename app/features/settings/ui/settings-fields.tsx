import type * as React from "react";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { SectionCard } from "~/features/admin-shell/ui/admin-list";
import { fieldId } from "~/features/settings/settings-sections";
import type { FieldErrors } from "~/shared/form-errors";

/** The settings form's building blocks: a section card and a text field named by its dotted setting. */

export type Values = Record<string, string>;
/** The section form's field errors: the one FieldErrors (`~/shared/form-errors`), under the name these files use. */
export type Errors = FieldErrors;

export const idOf = fieldId;

export function TextField({
  name,
  label,
  values,
  errors,
  description,
  className,
  ...props
}: {
  name: string;
  label: string;
  values: Values;
  errors: Errors;
  description?: string;
  className?: string;
} & Omit<React.ComponentProps<"input">, "name" | "defaultValue">) {
  return (
    <Field
      id={idOf(name)}
      name={name}
      label={label}
      error={errors[name]}
      description={description}
      className={className}
    >
      {(control) => <Input {...control} defaultValue={values[name] ?? ""} {...props} />}
    </Field>
  );
}

export const money = { inputMode: "numeric", autoComplete: "off" } as const;
export const days = { inputMode: "numeric", autoComplete: "off", className: "sm:max-w-40" } as const;

/** A group of settings: a card with its heading (a section of the page) and a two-column grid of fields. */
export function Section(props: Omit<React.ComponentProps<typeof SectionCard>, "level" | "contentClassName">) {
  return <SectionCard {...props} level={2} contentClassName="grid gap-4 md:grid-cols-2" />;
}
