import { useState } from "react";
import { NeonPreview } from "~/features/customizer/ui/neon-preview";
import { designSchema } from "~/features/customizer/design-schema";

type StoredDesign = { text: string; font: string; color: string; backingShape: string };

const previewDesign = designSchema.pick({ text: true, font: true, color: true, backingShape: true });

/**
 * The custom order's design redrawn live with the customiser's own preview (lit, on the wall), and the
 * picture the shopper's browser captured at the time, when one was stored. A design with values the
 * customiser no longer knows falls back to the stored picture.
 */
export function CustomDesignPreview({
  design,
  storedImageUrl,
}: {
  design: StoredDesign;
  storedImageUrl: string | null;
}) {
  const [failed, setFailed] = useState(false);
  const parsed = previewDesign.safeParse(design);
  const label = design.text || "YOUR TEXT";
  return (
    <div className="grid gap-3">
      {parsed.success ? (
        <NeonPreview design={parsed.data} className="w-full overflow-hidden rounded-md" />
      ) : (
        <p className="text-sm text-muted-foreground">
          This design uses options the customiser no longer offers.
        </p>
      )}
      {storedImageUrl && !failed ? (
        <figure className="flex items-center gap-3">
          <img
            src={storedImageUrl}
            alt={`Preview of "${label}" as the shopper saw it`}
            className="h-16 w-auto rounded-md border bg-zinc-950 object-contain"
            onError={() => setFailed(true)}
          />
          <figcaption className="text-xs text-muted-foreground">As the shopper saw it at checkout</figcaption>
        </figure>
      ) : !parsed.success ? (
        <div className="flex aspect-[16/10] w-full items-center justify-center rounded-md bg-zinc-950 p-4 text-center text-muted-foreground">
          <p className="text-sm">No stored preview for &ldquo;{label}&rdquo;.</p>
        </div>
      ) : null}
    </div>
  );
}
