import { useEffect, useRef, useState } from "react";
import { setWallPhotoComposer, WALL_PHOTO_MAX_DATA_URL } from "~/features/customizer/wall-photo-attachment";

/**
 * "Attach this photo to my order" (issue 18), opt-in: while ticked and the sign is placed, the order's
 * buttons take the composed picture (a 1,280 px JPEG, or 960 px when that is too large) with the design.
 * Returns the box's state and its setter.
 */
export function useWallPhotoAttachment(
  compose: (maxWidth: number) => Promise<HTMLCanvasElement | null>,
  marking: boolean,
) {
  const [attach, setAttach] = useState(false);
  const composeRef = useRef(compose);
  composeRef.current = compose;
  useEffect(() => {
    if (!attach || marking) {
      setWallPhotoComposer(null);
      return;
    }
    setWallPhotoComposer(async () => {
      for (const [width, quality] of [
        [1280, 0.8],
        [960, 0.7],
      ] as const) {
        const out = await composeRef.current(width);
        const url = out?.toDataURL("image/jpeg", quality) ?? null;
        if (url && url.length <= WALL_PHOTO_MAX_DATA_URL) return url;
      }
      return null;
    });
    return () => setWallPhotoComposer(null);
  }, [attach, marking]);
  return [attach, setAttach] as const;
}
