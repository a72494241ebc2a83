import type * as React from "react";
import { Button } from "~/ui/button";

/** A button showing only an icon: `label` is its accessible name ("Move Bedroom up", "Delete Bedroom"). */
export function IconButton({
  label,
  variant = "ghost",
  ...props
}: { label: string } & Omit<React.ComponentProps<typeof Button>, "type" | "size" | "aria-label">) {
  return <Button {...props} type="button" variant={variant} size="icon" aria-label={label} />;
}
