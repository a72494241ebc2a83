import { useCallback, useState } from "react";
import type { Design } from "~/features/customizer/customizer";
import { fontForText } from "~/features/customizer/design-checks";
import type { DesignChange } from "~/features/customizer/ui/customizer-options";

/**
 * The customiser's design and its one setter. Hindi text is always drawn in a font that has its letters
 * (issue 27): typing Hindi in a font without them (or opening a shared link with such a pair) switches to
 * a Hindi font, and `fontNote` says so until the shopper picks a font.
 */
export function useDesignState(initial: Design) {
  const [design, setDesign] = useState<Design>(() => ({
    ...initial,
    font: fontForText(initial.font, initial.text).font,
  }));
  const [fontNote, setFontNote] = useState<string | null>(() => fontForText(initial.font, initial.text).note);

  const update = useCallback<DesignChange>((key, value) => {
    if (key === "font") setFontNote(null);
    setDesign((d) => {
      const next = { ...d, [key]: value };
      if (key !== "text") return next;
      const { font, note } = fontForText(next.font, next.text);
      if (note) queueMicrotask(() => setFontNote(note));
      return { ...next, font };
    });
  }, []);

  return { design, update, fontNote };
}
