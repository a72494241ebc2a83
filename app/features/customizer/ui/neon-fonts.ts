import type { CustomFontId } from "~/features/customizer/customizer";
import { FONT_FILES } from "./neon-font-files";

/**
 * The customiser's fonts, registered with the FontFace API under our own family names ("Neon ...")
 * so a font installed on the shopper's machine never stands in for ours. Registering fetches
 * nothing: the browser downloads a face only when text in that family is shown (the font picker's
 * items) or when `loadNeonFont` asks for it (the canvas, which cannot trigger a load by itself).
 */
const FALLBACK: Partial<Record<CustomFontId, string>> = {
  "dancing-script": "cursive",
  "rock-salt": "cursive",
  "permanent-marker": "cursive",
  "playfair-display": "serif",
  "abril-fatface": "serif",
  "special-elite": "monospace",
  "press-start": "monospace",
  mono: "monospace",
};

export function neonFontFamily(id: CustomFontId): string {
  return `"Neon ${id}", ${FALLBACK[id] ?? "sans-serif"}`;
}

/** A canvas `font` string. */
export function neonCanvasFont(id: CustomFontId, px: number): string {
  return `400 ${px}px ${neonFontFamily(id)}`;
}

/** The default font's main file, preloaded by the customiser page. */
export const DEFAULT_FONT_URL = FONT_FILES.orbitron.faces[0]!.url;

let registered = false;

export function registerNeonFonts(): void {
  if (
    registered ||
    typeof document === "undefined" ||
    !("fonts" in document) ||
    typeof FontFace === "undefined"
  )
    return;
  registered = true;
  for (const [id, { faces }] of Object.entries(FONT_FILES)) {
    for (const f of faces) {
      const face = new FontFace(`Neon ${id}`, `url(${f.url}) format("woff2")`, {
        style: "normal",
        weight: "400",
        display: "swap",
        unicodeRange: f.unicodeRange,
      });
      document.fonts.add(face);
    }
  }
}

/** True when the faces needed to draw `text` in this font are loaded (or the browser has no font API). */
export function isNeonFontReady(id: CustomFontId, text: string): boolean {
  if (typeof document === "undefined" || !("fonts" in document)) return true;
  registerNeonFonts();
  try {
    return document.fonts.check(neonCanvasFont(id, 40), text || "A");
  } catch {
    return true;
  }
}

/** Fetch the faces needed to draw `text` in this font. Never rejects. */
export async function loadNeonFont(id: CustomFontId, text: string): Promise<void> {
  if (typeof document === "undefined" || !("fonts" in document)) return;
  registerNeonFonts();
  try {
    await document.fonts.load(neonCanvasFont(id, 40), text || "A");
  } catch {
    /* a failed font download leaves the fallback face; the preview still works */
  }
}
