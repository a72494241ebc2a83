/**
 * The shopper's opt-in "Attach this photo to my order" on the own-wall view (issue 18). The own-wall tool
 * registers how to compose its picture while the box is ticked; Add to Cart / Buy Now ask for it then, so
 * the photo leaves the browser only inside the order, and only when chosen.
 */

type Composer = () => Promise<string | null>;

let composer: Composer | null = null;

export function setWallPhotoComposer(next: Composer | null): void {
  composer = next;
}

/** The composed wall photo as a JPEG data URL, or null when none is attached. */
export async function attachedWallPhoto(): Promise<string | null> {
  try {
    return composer ? await composer() : null;
  } catch {
    return null;
  }
}

/** The largest attached picture, in the cart and in the checkout's body (a 1,280 px JPEG is far smaller). */
export const WALL_PHOTO_MAX_DATA_URL = 600_000;
