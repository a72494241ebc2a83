import { useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from "react";
import { customColor, CUSTOM_FONTS, displayText, type Design } from "~/features/customizer/customizer";
import {
  canvasToBlob,
  drawNeon,
  renderNeon,
  type NeonMetrics,
  type NeonScene,
} from "~/features/customizer/ui/neon-canvas";
import { isNeonFontReady, loadNeonFont } from "~/features/customizer/ui/neon-fonts";
import { ROOM_SCENES, roomImage, type RoomId } from "~/features/customizer/ui/room-scenes";
import { cn } from "~/ui/utils";

/** The Download Preview picture's width in pixels: print quality (about 20 cm at 300 dpi). */
export const DOWNLOAD_WIDTH_PX = 2400;

export type NeonPreviewHandle = {
  /**
   * The Download Preview picture (issue 42): what the live preview shows (its wall or room, lights on or off,
   * the backing as chosen) as a PNG `DOWNLOAD_WIDTH_PX` wide in the preview's proportions, whatever the screen.
   */
  captureDownload(): Promise<Blob>;
  /** A small square lit preview on the wall as a JPEG data URL (for the cart line). */
  captureThumbnail(width?: number): Promise<string>;
};

type Props = {
  design: Pick<Design, "text" | "font" | "color" | "backingShape">;
  /** Lit at night (default) or switched off on a daytime wall. */
  lightsOn?: boolean;
  /** Width / height of the preview; it fills its container's width. */
  aspectRatio?: number;
  className?: string;
  /** Called after each draw with the text block's proportions (for the estimated size). */
  onMeasure?: (m: NeonMetrics) => void;
  /** The brick wall (default) or a room scene, where the sign is drawn `signWidthCm` wide to scale. */
  room?: RoomId;
  signWidthCm?: number;
  ref?: Ref<NeonPreviewHandle>;
};

const MARK = "neon-preview:drawn";

/** The chosen room scene's picture once it has loaded (`onLoad` is called then); the brick wall until then. */
function roomBackground(room: RoomId, signWidthCm: number, onLoad: () => void): NeonScene["background"] {
  const roomScene = ROOM_SCENES.find((r) => r.id === room);
  const picture = roomScene && roomImage(roomScene, onLoad);
  return roomScene && picture
    ? {
        image: picture,
        aspect: picture.naturalWidth / picture.naturalHeight,
        widthCm: roomScene.widthCm,
        signWidthCm,
        cx: roomScene.cx,
        cy: roomScene.cy,
      }
    : "wall";
}

/**
 * The neon sign drawn on a canvas: the customiser's live preview, and the admin's view of a stored
 * design. Redraws synchronously (before paint) whenever the design, the lighting or the size
 * changes, and once more when the font's files have arrived.
 */
export function NeonPreview({
  design,
  lightsOn = true,
  aspectRatio = 16 / 10,
  className,
  onMeasure,
  room = "wall",
  signWidthCm = 50,
  ref,
}: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<{ w: number; h: number; dpr: number } | null>(null);
  const [fontsLoaded, setFontsLoaded] = useState(0);
  const onMeasureRef = useRef(onMeasure);
  useLayoutEffect(() => {
    onMeasureRef.current = onMeasure;
  });

  const text = displayText(design.text);
  const colorHex = customColor(design.color).hex;
  const scene = (over: Partial<NeonScene> = {}): NeonScene => ({
    text,
    font: design.font,
    colorHex,
    backingShape: design.backingShape,
    lightsOn,
    background: "wall",
    ...over,
  });

  // Follow the canvas's CSS size (and the screen's pixel density, capped at 2).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => {
      const r = canvas.getBoundingClientRect();
      const w = Math.round(r.width);
      const h = Math.round(r.height);
      const dpr = Math.min(2, Math.max(1, window.devicePixelRatio || 1));
      setBox((b) => (b && b.w === w && b.h === h && b.dpr === dpr ? b : { w, h, dpr }));
    };
    // The first measure (and so the first draw, the glow's blur being the costliest thing on the page) waits
    // for the next frame: it is then its own task, not part of the task that hydrates the page.
    const first = requestAnimationFrame(measure);
    const ro = new ResizeObserver(measure);
    ro.observe(canvas);
    return () => {
      cancelAnimationFrame(first);
      ro.disconnect();
    };
  }, []);

  // Draw. The font may still be on its way: draw with the fallback now and again once it is here.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !box || box.w === 0 || box.h === 0) return;
    const pw = Math.round(box.w * box.dpr);
    const ph = Math.round(box.h * box.dpr);
    if (canvas.width !== pw) canvas.width = pw;
    if (canvas.height !== ph) canvas.height = ph;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    // A room scene's picture is fetched when first picked; the brick wall stands in until it is here.
    const metrics = drawNeon(ctx, box.w, box.h, box.dpr, {
      text,
      font: design.font,
      colorHex,
      backingShape: design.backingShape,
      lightsOn,
      background: roomBackground(room, signWidthCm, () => setFontsLoaded((n) => n + 1)),
    });
    // The sign's drawn box in CSS pixels, for tests that check the true-size drawing.
    if (metrics.block)
      canvas.dataset.signBox = Object.values(metrics.block)
        .map((v) => v.toFixed(1))
        .join(",");
    performance.clearMarks(MARK);
    performance.mark(MARK);
    onMeasureRef.current?.(metrics);
    if (!isNeonFontReady(design.font, text)) {
      let stale = false;
      void loadNeonFont(design.font, text).then(() => {
        if (!stale) setFontsLoaded((n) => n + 1);
      });
      return () => {
        stale = true;
      };
    }
  }, [box, text, design.font, colorHex, design.backingShape, lightsOn, fontsLoaded, room, signWidthCm]);

  useImperativeHandle(ref, () => ({
    async captureDownload() {
      await loadNeonFont(design.font, text);
      // Laid out at half the width and drawn at twice the scale: the glow and the wall's bricks as on a screen.
      const w = DOWNLOAD_WIDTH_PX / 2;
      const h = Math.round(w / aspectRatio);
      return canvasToBlob(
        renderNeon(w, h, 2, scene({ background: roomBackground(room, signWidthCm, () => undefined) })),
        "image/png",
      );
    },
    async captureThumbnail(width = 160) {
      await loadNeonFont(design.font, text);
      // Square, so the whole text shows in square thumbnails (cart drawer, order tables).
      const c = renderNeon(width, width, 1, scene({ lightsOn: true }));
      const url = c.toDataURL("image/jpeg", 0.8);
      if (!url.startsWith("data:image/")) throw new Error("Could not encode the preview");
      return url;
    },
  }));

  const fontName = CUSTOM_FONTS.find((f) => f.id === design.font)?.name ?? design.font;
  const colorName = customColor(design.color).name;
  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={`Neon sign preview: "${text.replace(/\n/g, " / ")}" in ${fontName}, ${colorName}, lights ${lightsOn ? "on" : "off"}${room === "wall" ? "" : `, in the ${ROOM_SCENES.find((r) => r.id === room)?.name ?? room} scene`}`}
      className={cn("block h-auto w-full rounded-lg", lightsOn ? "bg-[#15131c]" : "bg-[#d8d0c6]", className)}
      style={{ aspectRatio }}
    />
  );
}
