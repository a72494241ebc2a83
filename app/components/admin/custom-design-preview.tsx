import { useState } from "react";

type StoredDesign = { text: string; font: string; color: string; backingShape: string };

/**
 * The custom order's design as the shopper saw it: the picture stored with the order.
 * (Issue 4's `NeonPreview` redraws the design live; it replaces this picture once merged.)
 */
export function CustomDesignPreview({
  design,
  storedImageUrl,
}: {
  design: StoredDesign;
  storedImageUrl: string | null;
}) {
  const [failed, setFailed] = useState(false);
  if (!storedImageUrl || failed) {
    return (
      <div className="flex aspect-[16/10] w-full items-center justify-center rounded-md bg-zinc-950 p-4 text-center text-muted-foreground">
        <p className="text-sm">No stored preview for &ldquo;{design.text || "YOUR TEXT"}&rdquo;.</p>
      </div>
    );
  }
  return (
    <img
      src={storedImageUrl}
      alt={`Stored preview of "${design.text || "YOUR TEXT"}"`}
      className="mx-auto w-full max-w-sm rounded-md bg-zinc-950 object-contain [image-rendering:auto]"
      onError={() => setFailed(true)}
    />
  );
}
