import type * as React from "react";
import { cn } from "~/ui/utils";

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** The browser's own select, styled like the inputs (admin forms whose choices are few and plain). */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select {...props} className={cn(selectClass, className)} />;
}

/** A select of fixed choices: each value shown with its label. */
export function ChoiceSelect<V extends string>({
  choices,
  labels,
  ...props
}: { choices: readonly V[]; labels: Record<V, string> } & Omit<React.ComponentProps<"select">, "children">) {
  return (
    <NativeSelect {...props}>
      {choices.map((c) => (
        <option key={c} value={c}>
          {labels[c]}
        </option>
      ))}
    </NativeSelect>
  );
}
