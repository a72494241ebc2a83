import type * as React from "react";
import { cn } from "~/ui/utils";

/**
 * A native radio button in the shop's colour (as NativeCheckbox): one input, so a label around it stays valid
 * HTML and the server can draw it, and no Radix primitives come with it. Group several with one `name` inside
 * an element with role "radiogroup" (arrow keys move between them, as the browser does).
 */
export function NativeRadio({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="radio"
      className={cn(
        "mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
