import { Download, Lightbulb, LightbulbOff, Link2 } from "lucide-react";
import { NeonPreview, type NeonPreviewHandle } from "~/components/neon-preview";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { Design } from "~/domain/customizer";
import type { NeonMetrics } from "~/lib/neon-canvas";

/** The customiser's Live Preview card: the sign, the lights switch, download and share. */
export function PreviewCard({
  preview,
  design,
  size,
  heightCm,
  lightsOn,
  onToggleLights,
  busy,
  onDownload,
  onCopyLink,
  onMeasure,
}: {
  preview: React.RefObject<NeonPreviewHandle | null>;
  design: Design;
  size: { widthCm: number };
  heightCm: string | null;
  lightsOn: boolean;
  onToggleLights: () => void;
  busy: boolean;
  onDownload: () => void;
  onCopyLink: () => void;
  onMeasure: (m: NeonMetrics) => void;
}) {
  return (
    <Card className="order-1">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 p-4 sm:p-6">
        <div className="flex items-center gap-3">
          <h2 className="text-lg font-semibold leading-none tracking-tight">Live Preview</h2>
          <Badge variant="secondary" aria-label={`Width ${size.widthCm}cm`}>
            {size.widthCm}cm
          </Badge>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={lightsOn}
            onClick={onToggleLights}
            className="group inline-flex h-9 items-center gap-2 rounded-full border border-input px-3 text-sm font-medium hover:bg-accent"
          >
            {lightsOn ? (
              <Lightbulb className="size-4 text-yellow-300" aria-hidden />
            ) : (
              <LightbulbOff className="size-4" aria-hidden />
            )}
            Lights
            <span
              aria-hidden
              className="relative h-5 w-9 rounded-full bg-input transition-colors group-aria-checked:bg-primary"
            >
              <span className="absolute left-0.5 top-0.5 size-4 rounded-full bg-white transition-transform group-aria-checked:translate-x-4" />
            </span>
          </button>
          <Button variant="outline" size="sm" onClick={onDownload} disabled={busy}>
            <Download aria-hidden /> Download Preview
          </Button>
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <NeonPreview ref={preview} design={design} lightsOn={lightsOn} onMeasure={onMeasure} />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <p>
            Estimated size:{" "}
            <span className="font-medium text-foreground" data-testid="estimated-size">
              {size.widthCm} cm × {heightCm ?? "…"} cm
            </span>
          </p>
          <Button variant="ghost" size="sm" onClick={onCopyLink}>
            <Link2 aria-hidden /> Share this design
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
