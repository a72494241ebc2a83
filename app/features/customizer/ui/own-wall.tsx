import { Download, Ruler } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "~/ui/button";
import {
  customColor,
  customSize,
  displayText,
  type CustomSizeId,
  type Design,
} from "~/features/customizer/customizer";
import { REFERENCES, wallWidthCm, type Point, type ReferenceId } from "~/features/customizer/wall-scale";
import { canvasToBlob, drawNeon, type NeonScene } from "~/features/customizer/ui/neon-canvas";
import { isNeonFontReady, loadNeonFont } from "~/features/customizer/ui/neon-fonts";
import { useSignGestures } from "~/features/customizer/ui/use-sign-gestures";
import { useWallPhotoAttachment } from "~/features/customizer/ui/use-wall-photo-attachment";
import { ScaleControls } from "./own-wall-controls";
import { WallPhotoPicker } from "./wall-photo-picker";

type Photo = { img: HTMLImageElement; url: string; w: number; h: number };

/**
 * "On your own wall, to scale" (issue 18), loaded only when opened. The photo never leaves the browser
 * (an object URL). The shopper marks two ends of something whose length they know; the sign is then
 * drawn at its true size on the photo and can be dragged into place. Download saves the composed picture.
 */
export default function OwnWall({
  design,
  lightsOn,
  onSize,
}: {
  design: Design;
  lightsOn: boolean;
  /** A pinch on the photo chooses another size. */
  onSize: (size: CustomSizeId) => void;
}) {
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [points, setPoints] = useState<Point[]>([]);
  const [ref, setRef] = useState<ReferenceId>("a4");
  const [customCm, setCustomCm] = useState("100");
  const [pos, setPos] = useState({ cx: 0.5, cy: 0.35 });
  const [fontTick, setFontTick] = useState(0);
  const [cssWidth, setCssWidth] = useState(0);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  const lengthCm = ref === "custom" ? Number(customCm) : REFERENCES[ref].cm;
  const widthCm = photo && points.length === 2 ? wallWidthCm(photo, points, lengthCm) : null;
  const marking = widthCm === null;
  const text = displayText(design.text);
  const signWidthCm = customSize(design.size).widthCm;

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  function scene(over: Partial<NeonScene> = {}): NeonScene {
    return {
      text,
      font: design.font,
      colorHex: customColor(design.color).hex,
      backingShape: design.backingShape,
      lightsOn,
      background: {
        image: photo!.img,
        aspect: photo!.w / photo!.h,
        widthCm: widthCm!,
        signWidthCm,
        ...pos,
      },
      ...over,
    };
  }

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !photo) return;
    const ro = new ResizeObserver(() => setCssWidth(Math.round(canvas.getBoundingClientRect().width)));
    ro.observe(canvas);
    return () => ro.disconnect();
  }, [photo]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !photo || cssWidth === 0) return;
    const w = cssWidth;
    const h = Math.round((w * photo.h) / photo.w);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const ctx = canvas.getContext("2d")!;
    if (marking) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.drawImage(photo.img, 0, 0, w, h);
      ctx.strokeStyle = "#ff1493";
      ctx.fillStyle = "#ff1493";
      ctx.lineWidth = 3;
      ctx.beginPath();
      points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x * w, p.y * h) : ctx.lineTo(p.x * w, p.y * h)));
      ctx.stroke();
      for (const p of points) ctx.fillRect(p.x * w - 5, p.y * h - 5, 10, 10);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      delete canvas.dataset.signBox;
      return;
    }
    const m = drawNeon(ctx, w, h, dpr, scene());
    if (m.block)
      canvas.dataset.signBox = Object.values(m.block)
        .map((v) => v.toFixed(1))
        .join(",");
    if (!isNeonFontReady(design.font, text))
      void loadNeonFont(design.font, text).then(() => setFontTick((n) => n + 1));
  });

  function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setPhoto({ img, url, w: img.naturalWidth, h: img.naturalHeight });
      setPoints([]);
    };
    img.src = url;
  }

  const gestures = useSignGestures({
    active: !marking,
    signWidthCm,
    onMove: (p) => setPos({ cx: p.x, cy: p.y }),
    onSize,
  });

  function onMark(e: React.PointerEvent<HTMLCanvasElement>) {
    if (!marking) return gestures.onPointerDown(e);
    const r = e.currentTarget.getBoundingClientRect();
    const p = { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
    setPoints((ps) => (ps.length >= 2 ? [p] : [...ps, p]));
  }

  async function compose(maxWidth: number): Promise<HTMLCanvasElement | null> {
    if (!photo || marking) return null;
    await loadNeonFont(design.font, text);
    const k = Math.min(1, maxWidth / photo.w);
    const out = document.createElement("canvas");
    const [w, h] = [Math.round(photo.w * k), Math.round(photo.h * k)];
    [out.width, out.height] = [w, h];
    drawNeon(out.getContext("2d")!, w, h, 1, scene());
    return out;
  }

  // Opt-in: while ticked, the order's buttons take the composed picture with the design.
  const [attach, setAttach] = useWallPhotoAttachment(compose, marking);

  async function onDownload() {
    const out = await compose(2000);
    if (!out) return;
    const url = URL.createObjectURL(await canvasToBlob(out, "image/jpeg", 0.9));
    const a = Object.assign(document.createElement("a"), { href: url, download: "neon-on-my-wall.jpg" });
    a.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <section
      aria-label="On your own wall"
      className="space-y-3 rounded-lg border border-input p-3"
      data-font-tick={fontTick}
    >
      <WallPhotoPicker onFile={onFile} />
      {photo ? (
        <>
          <p className="flex items-center gap-2 text-sm" aria-live="polite">
            <Ruler className="size-4" aria-hidden />
            {marking
              ? points.length < 2
                ? `Tap the two ends of something you know the length of (${2 - points.length} to go).`
                : "Say how long the marked length is."
              : "Drag the sign to where it will hang; pinch it for another size."}
          </p>
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={
              marking ? "Your wall photo: mark a known length" : `Your wall with the sign "${text}"`
            }
            className="block h-auto w-full touch-none rounded-md"
            style={{ aspectRatio: `${photo.w} / ${photo.h}` }}
            {...gestures}
            onPointerDown={onMark}
          />
          <ScaleControls
            reference={ref}
            onReference={setRef}
            customCm={customCm}
            onCustomCm={setCustomCm}
            canRemark={points.length > 0}
            onRemark={() => setPoints([])}
            widthCm={widthCm}
          />
          <Button variant="outline" size="sm" onClick={onDownload} disabled={marking}>
            <Download aria-hidden /> Download picture
          </Button>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={attach}
              disabled={marking}
              onChange={(e) => setAttach(e.target.checked)}
              className="size-4 accent-primary"
            />
            Attach this photo to my order (so our workshop sees where the sign will hang)
          </label>
        </>
      ) : null}
    </section>
  );
}
