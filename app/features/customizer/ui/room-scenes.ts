// The customiser's room scenes (issue 18): pictures we draw ourselves with scripts/make-room-scenes.mjs,
// 1600 × 1000 px WebP, each `widthCm` of real wall wide, so a sign is drawn at its true size against
// the furniture. Imported as URLs: a scene's file is fetched only when the shopper picks it.
import bedroomUrl from "~/assets/scenes/bedroom.webp?url";
import cafeUrl from "~/assets/scenes/cafe.webp?url";
import weddingUrl from "~/assets/scenes/wedding.webp?url";

export type RoomScene = {
  id: "bedroom" | "cafe" | "wedding";
  name: string;
  url: string;
  /** The real width (cm) of wall the whole picture shows (the script draws the furniture to this scale). */
  widthCm: number;
  /** Where the sign's centre hangs, as fractions of the picture's width and height. */
  cx: number;
  cy: number;
};

export const ROOM_SCENES: readonly RoomScene[] = [
  // A double bed 150 cm wide under the sign.
  { id: "bedroom", name: "Bedroom", url: bedroomUrl, widthCm: 320, cx: 0.5, cy: 0.16 },
  // Café tables 70 cm wide, pendant lamps either side.
  { id: "cafe", name: "Café wall", url: cafeUrl, widthCm: 400, cx: 0.5, cy: 0.3 },
  // A 200 cm stage sofa under marigold garlands.
  { id: "wedding", name: "Wedding stage", url: weddingUrl, widthCm: 600, cx: 0.5, cy: 0.3 },
];

export type RoomId = "wall" | RoomScene["id"];

const images = new Map<string, HTMLImageElement>();

/** The scene's picture when it has been loaded, else undefined (and the load is started). */
export function roomImage(scene: RoomScene, onLoad: () => void): HTMLImageElement | undefined {
  const hit = images.get(scene.id);
  if (hit?.complete && hit.naturalWidth > 0) return hit;
  if (!hit) {
    const img = new Image();
    img.decoding = "async";
    img.addEventListener("load", onLoad, { once: true });
    img.src = scene.url;
    images.set(scene.id, img);
  } else hit.addEventListener("load", onLoad, { once: true });
  return undefined;
}
