import { useEffect, useState } from "react";
import type { Design } from "~/features/customizer/customizer";
import type { MeasuredChecks } from "~/features/customizer/design-checks";

type Checked = Pick<Design, "text" | "font" | "size">;

/** How long typing must pause before the server is asked (ms). */
const PAUSE_MS = 400;
/** The answers this page has had, by design (a design asked twice is asked once). */
const answers = new Map<string, Promise<MeasuredChecks | null>>();

const keyOf = (d: Checked) => JSON.stringify([d.text, d.font, d.size]);

/**
 * The server's measured "can we make it" answer for a design (GET /api/design-check, issue 44), or null when it
 * cannot be had (offline, refused): the page then keeps its estimate, and the checkout decides on the
 * measurement all the same.
 */
export function measuredChecksFor(design: Checked): Promise<MeasuredChecks | null> {
  const key = keyOf(design);
  let answer = answers.get(key);
  if (!answer) {
    const query = new URLSearchParams({ text: design.text, font: design.font, size: design.size });
    answer = fetch(`/api/design-check?${query}`)
      .then(async (r) => (r.ok ? ((await r.json()) as MeasuredChecks) : null))
      .catch(() => null);
    // A refusal or a lost connection is asked again next time.
    void answer.then((a) => a === null && answers.delete(key));
    answers.set(key, answer);
  }
  return answer;
}

/**
 * The measured answer for the design on screen: asked once typing pauses, and only returned while it is still
 * the design's (null before it comes, and when it could not be had).
 */
export function useMeasuredChecks(design: Checked): MeasuredChecks | null {
  const { text, font, size } = design;
  const key = keyOf(design);
  const [got, setGot] = useState<{ key: string; answer: MeasuredChecks } | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void measuredChecksFor({ text, font, size }).then((answer) => {
        if (live && answer) setGot({ key: keyOf({ text, font, size }), answer });
      });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, font, size]);
  return got?.key === key ? got.answer : null;
}
