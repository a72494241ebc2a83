import type * as React from "react";

export type PromotionOption = { value: string; label: string };

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** What a banner promises: nothing, one of the discount codes, or one of the offers. */
export function PromotionSelect({
  options,
  ...props
}: { options: PromotionOption[] } & Omit<React.ComponentProps<"select">, "children" | "className">) {
  return (
    <select {...props} className={selectClass}>
      <option value="">Nothing (no code or offer)</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
