import type * as React from "react";
import { cn } from "~/ui/utils";

/**
 * A form label: a plain `<label>` that, like Radix's Label it replaces, does not select its text on a
 * double click. Written here rather than imported from the `radix-ui` barrel: the shop chunk holds this
 * module (every form uses it), and the barrel pulled every Radix primitive into it (issue 33).
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn(
        "text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70",
        className,
      )}
      onMouseDown={(event) => {
        // Clicks on a control inside the label keep their own behaviour.
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
