import { Download, Lightbulb, LightbulbOff, Link2 } from "lucide-react";
import { memo } from "react";
import { NeonPreview, type NeonPreviewHandle } from "~/features/customizer/ui/neon-preview";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { customSize, type Design } from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";
import type { NeonMetrics } from "~/features/customizer/ui/neon-canvas";
import type { RoomId } from "~/features/customizer/ui/room-scenes";

/**
 * The customiser's Live Preview card: the sign, the lights switch, download and share. A keystroke
 * re-renders the card and its canvas only: the bar above and the line below are memoised on their
 * own plain values, and every callback the page passes is stable.
 */
export const PreviewCard = memo(function PreviewCard({
  preview,
  design,
  heightCm,
  lightsOn,
  onToggleLights,
  busy,
  onDownload,
  onCopyLink,
  onMeasure,
  total,
  room,
}: {
  preview: React.RefObject<NeonPreviewHandle | null>;
  design: Design;
  heightCm: string | null;
  lightsOn: boolean;
  onToggleLights: () => void;
  busy: boolean;
  onDownload: () => void;
  onCopyLink: () => void;
  onMeasure: (m: NeonMetrics) => void;
  /** The price total, shown in the card on phones (where the card stays in view and the breakdown does not). */
  total: number;
  room: RoomId;
}) {
  const { widthCm } = customSize(design.size);
  return (
    // On phones the card stays under the site header while the shopper types and picks options below it.
    <Card className="order-1 max-lg:sticky max-lg:top-16 max-lg:z-30 max-lg:shadow-lg max-lg:shadow-black/40">
      <PreviewBar
        widthCm={widthCm}
        lightsOn={lightsOn}
        onToggleLights={onToggleLights}
        busy={busy}
        onDownload={onDownload}
      />
      <CardContent className="p-3 pt-0 sm:p-6 sm:pt-0">
        {/* A phone keeps room to type under the card: the canvas is at most a quarter of the screen high. */}
        <NeonPreview
          ref={preview}
          design={design}
          lightsOn={lightsOn}
          onMeasure={onMeasure}
          room={room}
          signWidthCm={widthCm}
          className="max-lg:max-h-[24svh]"
        />
        <PreviewFacts widthCm={widthCm} heightCm={heightCm} total={total} onCopyLink={onCopyLink} />
      </CardContent>
    </Card>
  );
});

const PreviewBar = memo(function PreviewBar({
  widthCm,
  lightsOn,
  onToggleLights,
  busy,
  onDownload,
}: {
  widthCm: number;
  lightsOn: boolean;
  onToggleLights: () => void;
  busy: boolean;
  onDownload: () => void;
}) {
  return (
    <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0 p-3 sm:gap-3 sm:p-6">
      <div className="flex items-center gap-2 sm:gap-3">
        <h2 className="text-base font-semibold leading-none tracking-tight sm:text-lg">Live Preview</h2>
        {/* A plain span may not carry aria-label (W3C checker): the word is read, not shown. */}
        <Badge variant="secondary">
          <span className="sr-only">Width </span>
          {widthCm}cm
        </Badge>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          role="switch"
          aria-checked={lightsOn}
          onClick={onToggleLights}
          className="group inline-flex h-9 items-center gap-2 rounded-full border border-input px-2.5 text-sm font-medium hover:bg-accent sm:px-3"
        >
          {lightsOn ? (
            <Lightbulb className="size-4 text-yellow-300" aria-hidden />
          ) : (
            <LightbulbOff className="size-4" aria-hidden />
          )}
          <span className="max-sm:sr-only">Lights</span>
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
  );
});

const PreviewFacts = memo(function PreviewFacts({
  widthCm,
  heightCm,
  total,
  onCopyLink,
}: {
  widthCm: number;
  heightCm: string | null;
  total: number;
  onCopyLink: () => void;
}) {
  return (
    <div className="mt-2 flex items-center justify-between gap-2 text-sm text-muted-foreground sm:mt-3">
      <p>
        <span className="max-sm:sr-only">Estimated size: </span>
        <span className="font-medium text-foreground" data-testid="estimated-size">
          {widthCm} cm × {heightCm ?? "…"} cm
        </span>
      </p>
      <p className="font-semibold text-foreground lg:hidden" data-testid="sticky-total">
        Total <span className="text-primary">{formatRupees(total)}</span>
      </p>
      <Button variant="ghost" size="sm" onClick={onCopyLink}>
        <Link2 aria-hidden /> <span className="max-sm:sr-only">Share this design</span>
      </Button>
    </div>
  );
});
