import type { BackingShapeId, CustomFontId } from "~/features/customizer/customizer";
import { neonCanvasFont } from "./neon-fonts";

/** What one frame of the preview shows. `text` is the text to draw ('YOUR TEXT' already applied). */
export type NeonScene = {
  text: string;
  font: CustomFontId;
  colorHex: string;
  backingShape: BackingShapeId;
  lightsOn: boolean;
  /**
   * "wall": the sign on a brick wall (dark at night, light by day), filling most of the width; a
   * `Backdrop`: a picture of a real wall with the sign at its true size.
   */
  background: "wall" | Backdrop;
};

/**
 * A picture (a room scene or the shopper's own photo) drawn over the whole canvas, which has the
 * picture's proportions or is cropped to them. `widthCm` is the real width the whole picture shows, so a
 * sign `signWidthCm` wide is drawn `signWidthCm / widthCm` of the picture's drawn width, centred at
 * (`cx`, `cy`) (fractions of the picture).
 */
export type Backdrop = {
  image: CanvasImageSource;
  /** The picture's width / height; it covers the canvas (centred, cropped), never stretched. */
  aspect: number;
  widthCm: number;
  signWidthCm: number;
  cx: number;
  cy: number;
};

const isBackdrop = (b: NeonScene["background"]): b is Backdrop => typeof b === "object";

/** Where the picture is drawn so it covers a `w`×`h` canvas. */
export function coverRect(aspect: number, w: number, h: number) {
  const dw = Math.max(w, h * aspect);
  const dh = dw / aspect;
  return { x: (w - dw) / 2, y: (h - dh) / 2, w: dw, h: dh };
}

/** The drawn text block's proportions (any unit), from which the finished height is estimated. */
export type NeonMetrics = {
  textWidth: number;
  textHeight: number;
  /** Where the text block was drawn, in CSS pixels of the canvas (for tests and dragging). */
  block?: { x: number; y: number; w: number; h: number };
};

const REF_PX = 100;
const LINE_HEIGHT = 1.2;

type Layout = {
  lines: string[];
  fontPx: number;
  /** The text block's centre. */
  cx: number;
  cy: number;
  baselines: number[];
  block: { x: number; y: number; w: number; h: number };
} & NeonMetrics;

function layoutText(ctx: CanvasRenderingContext2D, scene: NeonScene, w: number, h: number): Layout {
  const lines = scene.text.split("\n");
  ctx.font = neonCanvasFont(scene.font, REF_PX);
  let maxW = 0;
  let top = Infinity;
  let bottom = -Infinity;
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const m = ctx.measureText(line);
    const lineW = Math.max(m.width, (m.actualBoundingBoxLeft || 0) + (m.actualBoundingBoxRight || 0));
    maxW = Math.max(maxW, lineW);
    const base = i * REF_PX * LINE_HEIGHT;
    top = Math.min(top, base - (m.actualBoundingBoxAscent || REF_PX * 0.75));
    bottom = Math.max(bottom, base + (m.actualBoundingBoxDescent || REF_PX * 0.2));
  });
  if (!Number.isFinite(top)) {
    top = -REF_PX * 0.75;
    bottom = REF_PX * 0.2;
  }
  const blockW = Math.max(maxW, 1);
  const blockH = Math.max(bottom - top, 1);
  const bg = scene.background;
  // On a picture the text block is the sign's true width; elsewhere leave room for the glow and backing.
  const pic = isBackdrop(bg) ? coverRect(bg.aspect, w, h) : null;
  const k =
    isBackdrop(bg) && pic
      ? (pic.w * bg.signWidthCm) / bg.widthCm / blockW
      : Math.min((w * 0.8) / blockW, (h * 0.58) / blockH);
  const fontPx = REF_PX * k;
  const cx = isBackdrop(bg) && pic ? pic.x + pic.w * bg.cx : w / 2;
  const cy = isBackdrop(bg) && pic ? pic.y + pic.h * bg.cy : h / 2;
  const firstBaseline = cy - ((top + bottom) / 2) * k;
  const baselines = lines.map((_, i) => firstBaseline + i * fontPx * LINE_HEIGHT);
  return {
    lines,
    fontPx,
    cx,
    cy,
    baselines,
    block: { x: cx - (blockW * k) / 2, y: cy - (blockH * k) / 2, w: blockW * k, h: blockH * k },
    textWidth: blockW,
    textHeight: blockH,
  };
}

function mixWithWhite(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  return `rgb(${mix((n >> 16) & 255)} ${mix((n >> 8) & 255)} ${mix(n & 255)})`;
}

function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255} ${(n >> 8) & 255} ${n & 255} / ${alpha})`;
}

/** A small deterministic random generator, so the wall looks the same on every draw. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const wallCache = new Map<string, HTMLCanvasElement>();

/** The brick wall, drawn once per size and lighting and then copied on every frame. */
function wall(w: number, h: number, scale: number, lightsOn: boolean): HTMLCanvasElement {
  const key = `${w}x${h}@${scale}:${lightsOn}`;
  const hit = wallCache.get(key);
  if (hit) return hit;
  const c = document.createElement("canvas");
  c.width = Math.max(1, Math.round(w * scale));
  c.height = Math.max(1, Math.round(h * scale));
  const g = c.getContext("2d")!;
  g.scale(scale, scale);
  const rand = seeded(7);
  const mortar = lightsOn ? "#0c0b10" : "#e7e1d8";
  g.fillStyle = mortar;
  g.fillRect(0, 0, w, h);
  const bh = Math.max(14, Math.round(h / 11));
  const bw = bh * 3;
  const gap = Math.max(1.5, bh / 12);
  for (let row = 0, y = 0; y < h; row++, y += bh) {
    const offset = row % 2 === 0 ? 0 : -bw / 2;
    for (let x = offset; x < w; x += bw) {
      const v = rand();
      g.fillStyle = lightsOn
        ? `rgb(${26 + v * 10} ${23 + v * 8} ${33 + v * 10})`
        : `rgb(${206 + v * 22} ${196 + v * 20} ${184 + v * 18})`;
      g.fillRect(x + gap / 2, y + gap / 2, bw - gap, bh - gap);
    }
  }
  // Light: a vignette at night, soft daylight from the top left by day.
  const r = Math.hypot(w, h) / 2;
  const shade = g.createRadialGradient(w / 2, h / 2, r * 0.25, w / 2, h / 2, r);
  if (lightsOn) {
    shade.addColorStop(0, "rgb(0 0 0 / 0)");
    shade.addColorStop(1, "rgb(0 0 0 / 0.65)");
  } else {
    shade.addColorStop(0, "rgb(255 255 255 / 0.18)");
    shade.addColorStop(1, "rgb(90 80 70 / 0.22)");
  }
  g.fillStyle = shade;
  g.fillRect(0, 0, w, h);
  if (wallCache.size > 6) wallCache.clear();
  wallCache.set(key, c);
  return c;
}

function eachLine(ctx: CanvasRenderingContext2D, l: Layout, x: number, op: "fill" | "stroke") {
  for (let i = 0; i < l.lines.length; i++) {
    const line = l.lines[i]!;
    if (line.trim() === "") continue;
    if (op === "fill") ctx.fillText(line, x, l.baselines[i]!);
    else ctx.strokeText(line, x, l.baselines[i]!);
  }
}

/**
 * Draw one frame: `w`×`h` CSS pixels onto a canvas whose backing store is `scale` times larger.
 * Returns the text block's proportions. Shadow sizes are in device pixels, hence the `* scale`.
 */
export function drawNeon(
  ctx: CanvasRenderingContext2D,
  w: number,
  h: number,
  scale: number,
  scene: NeonScene,
): NeonMetrics {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.shadowBlur = 0;
  ctx.shadowColor = "transparent";
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = 0;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  if (scene.background === "wall") ctx.drawImage(wall(w, h, scale, scene.lightsOn), 0, 0);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  if (isBackdrop(scene.background)) {
    const pic = coverRect(scene.background.aspect, w, h);
    ctx.drawImage(scene.background.image, pic.x, pic.y, pic.w, pic.h);
    if (scene.lightsOn) {
      // Evening: the room dimmed so the sign's light shows, as it would with the lights on at night.
      ctx.fillStyle = "rgb(6 5 14 / 0.62)";
      ctx.fillRect(0, 0, w, h);
    }
  }

  const l = layoutText(ctx, scene, w, h);
  const x = l.cx;
  const px = l.fontPx;
  ctx.font = neonCanvasFont(scene.font, px);
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  ctx.lineJoin = "round";
  ctx.lineCap = "round";

  // The light the sign throws on the wall behind it.
  if (scene.lightsOn) {
    const r = Math.max(l.block.w, l.block.h) * 0.75;
    const glow = ctx.createRadialGradient(x, l.cy, 0, x, l.cy, r);
    glow.addColorStop(0, withAlpha(scene.colorHex, 0.22));
    glow.addColorStop(1, withAlpha(scene.colorHex, 0));
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, w, h);
  }

  // The clear acrylic backing: a rounded rectangle, or a contour following the letters.
  const acrylic = scene.lightsOn ? "rgb(255 255 255 / 0.07)" : "rgb(255 255 255 / 0.5)";
  const acrylicEdge = scene.lightsOn ? "rgb(255 255 255 / 0.22)" : "rgb(255 255 255 / 0.85)";
  if (!scene.lightsOn) {
    ctx.shadowColor = "rgb(60 45 30 / 0.25)";
    ctx.shadowBlur = px * 0.12 * scale;
    ctx.shadowOffsetY = px * 0.04 * scale;
  }
  if (scene.backingShape === "rectangle") {
    const pad = Math.max(8, px * 0.3);
    ctx.beginPath();
    const rect = [l.block.x - pad, l.block.y - pad, l.block.w + pad * 2, l.block.h + pad * 2] as const;
    // roundRect is recent (Safari 16, Chrome 99): a plain rectangle elsewhere.
    if (typeof ctx.roundRect === "function") ctx.roundRect(...rect, Math.max(4, px * 0.12));
    else ctx.rect(...rect);
    ctx.fillStyle = acrylic;
    ctx.fill();
    ctx.shadowColor = "transparent";
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = acrylicEdge;
    ctx.stroke();
  } else {
    ctx.lineWidth = Math.max(6, px * 0.32);
    ctx.strokeStyle = acrylic;
    eachLine(ctx, l, x, "stroke");
  }
  ctx.shadowColor = "transparent";
  ctx.shadowBlur = 0;
  ctx.shadowOffsetY = 0;

  if (scene.lightsOn) {
    // Wide soft halo, then a tighter glow, then the bright tube core.
    ctx.fillStyle = scene.colorHex;
    ctx.shadowColor = scene.colorHex;
    ctx.shadowBlur = Math.min(px * 0.6, 70) * scale;
    eachLine(ctx, l, x, "fill");
    eachLine(ctx, l, x, "fill");
    ctx.shadowBlur = Math.min(px * 0.18, 24) * scale;
    eachLine(ctx, l, x, "fill");
    ctx.shadowBlur = 0;
    ctx.shadowColor = "transparent";
    ctx.lineWidth = Math.max(1, px * 0.03);
    ctx.strokeStyle = mixWithWhite(scene.colorHex, 0.35);
    eachLine(ctx, l, x, "stroke");
    ctx.fillStyle = mixWithWhite(scene.colorHex, 0.7);
    eachLine(ctx, l, x, "fill");
  } else {
    // Unlit: a pale, slightly tinted tube casting a small shadow on the wall.
    ctx.shadowColor = "rgb(40 30 20 / 0.35)";
    ctx.shadowBlur = Math.max(2, px * 0.06) * scale;
    ctx.shadowOffsetY = Math.max(1, px * 0.03) * scale;
    ctx.fillStyle = mixWithWhite(scene.colorHex, 0.72);
    eachLine(ctx, l, x, "fill");
    ctx.shadowColor = "transparent";
    ctx.shadowBlur = 0;
    ctx.shadowOffsetY = 0;
    ctx.lineWidth = Math.max(1, px * 0.02);
    ctx.strokeStyle = withAlpha(scene.colorHex, 0.55);
    eachLine(ctx, l, x, "stroke");
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return { textWidth: l.textWidth, textHeight: l.textHeight, block: l.block };
}

/** Draw the scene on a new canvas of `w`×`h` CSS pixels at `scale`. */
export function renderNeon(w: number, h: number, scale: number, scene: NeonScene): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = Math.max(1, Math.round(w * scale));
  c.height = Math.max(1, Math.round(h * scale));
  const ctx = c.getContext("2d");
  if (!ctx) throw new Error("Canvas 2D is not available");
  drawNeon(ctx, w, h, scale, scene);
  return c;
}

export function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("Could not encode the preview"))), type, quality),
  );
}
