import {
  BackingPicker,
  DimmerOption,
  SizePicker,
  type DesignChange,
} from "~/features/customizer/ui/customizer-options";
import { memo } from "react";
import { Card, CardContent, CardHeader } from "~/ui/card";
import type { Design } from "~/features/customizer/customizer";

/** The customiser's Size & Options card: size, dimmer, backing. Takes its three choices, not the design, so typing skips it. */
export const SizeOptions = memo(function SizeOptions({
  size,
  hasDimmer,
  backingShape,
  update,
}: Pick<Design, "size" | "hasDimmer" | "backingShape"> & { update: DesignChange }) {
  return (
    <Card className="order-3">
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">Size &amp; Options</h2>
      </CardHeader>
      <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
        <SizePicker size={size} onChange={update} />
        <DimmerOption checked={hasDimmer} onChange={update} />
        <BackingPicker backingShape={backingShape} onChange={update} />
      </CardContent>
    </Card>
  );
});
