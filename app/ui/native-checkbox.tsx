import type * as React from "react";
import { cn } from "~/ui/utils";

/**
 * A native checkbox in the shop's colour: it works before JavaScript and costs none, where the Radix
 * checkbox (checkbox.tsx) brings its primitives along. For storefront pages that count their bytes.
 */
export function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded-sm accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
