import type * as React from "react";
import { Field } from "~/ui/field";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { Input } from "~/ui/input";

/** The settings form's building blocks: a section card and a text field named by its dotted setting. */

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

export const idOf = (name: string) => `settings-${name.replaceAll(".", "-")}`;

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

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">{children}</CardContent>
    </Card>
  );
}
