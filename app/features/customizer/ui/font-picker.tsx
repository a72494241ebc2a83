import { memo, useEffect, useRef, useState } from "react";
import { ChevronDown } from "~/ui/icons";
import { Label } from "~/ui/label";
import type { FontSelect as FontSelectType } from "./font-select";
import { CUSTOM_FONTS, type Design } from "~/features/customizer/customizer";
import { neonFontFamily } from "~/features/customizer/ui/neon-fonts";
import { fontsForText } from "~/features/customizer/design-checks";
import type { DesignChange } from "~/features/customizer/ui/customizer-options";

/**
 * Font Style: each name shown in its own face (the browser fetches a face when its item is shown). Once
 * the text has Hindi letters only the fonts that draw them are offered (issue 27); a name's "(हिन्दी)" is
 * shown in the page's own font, so opening the list never fetches a Devanagari font file by itself.
 */
export const FontPicker = memo(function FontPicker({
  font,
  hindi,
  note,
  onChange,
}: {
  font: Design["font"];
  /** The text has Hindi (Devanagari) letters. */
  hindi: boolean;
  /** Why the font was switched, shown under the picker. */
  note: string | null;
  onChange: DesignChange;
}) {
  const offered = new Set(fontsForText(hindi ? "अ" : "A"));
  const fonts = CUSTOM_FONTS.filter((f) => offered.has(f.id));
  // The list (Radix Select) is fetched on first use (pointer over the box, a touch, focus) and opened at once
  // when pressed before it arrived: the page's load does not run it (issue 33, the customiser's TBT).
  const [FontSelect, setFontSelect] = useState<FontSelectComponent | null>(null);
  const [openAtLoad, setOpenAtLoad] = useState(false);
  // Focus stays on the box when the list's own box takes the stand-in's place.
  const hadFocus = useRef(false);
  // A failed fetch (the network dropped) is tried again on the next use.
  const fetchList = () =>
    void loadFontSelect().then(
      (c) => setFontSelect(() => c),
      () => undefined,
    );
  // A list fetched earlier on this visit (another customiser, Back) is shown at once.
  useEffect(() => {
    if (fontSelect) fetchList();
  }, []);
  useEffect(() => {
    if (FontSelect && hadFocus.current) document.getElementById("neon-font")?.focus();
  }, [FontSelect]);
  return (
    <div className="space-y-2">
      <Label htmlFor="neon-font">Font Style</Label>
      {FontSelect ? (
        <FontSelect
          font={font}
          fonts={fonts}
          onChange={(f) => onChange("font", f)}
          defaultOpen={openAtLoad}
        />
      ) : (
        <button
          type="button"
          id="neon-font"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="none"
          aria-describedby="neon-font-note"
          className={FONT_TRIGGER_CLASS}
          onPointerEnter={fetchList}
          onTouchStart={fetchList}
          onFocus={() => {
            hadFocus.current = true;
            fetchList();
          }}
          onBlur={() => (hadFocus.current = false)}
          onClick={() => {
            setOpenAtLoad(true);
            fetchList();
          }}
        >
          <span style={{ fontFamily: neonFontFamily(font) }}>
            {CUSTOM_FONTS.find((f) => f.id === font)?.name.split(" (")[0]}
          </span>
          <ChevronDown className="size-4 opacity-60" aria-hidden />
        </button>
      )}
      <p id="neon-font-note" className="text-xs text-muted-foreground" aria-live="polite">
        {note ?? (hindi ? "Showing the fonts with Hindi letters." : null)}
      </p>
    </div>
  );
});

type FontSelectComponent = typeof FontSelectType;
let fontSelect: Promise<FontSelectComponent> | undefined;
const loadFontSelect = () =>
  (fontSelect ??= import("./font-select")
    .then((m) => m.FontSelect)
    .catch((e: unknown) => {
      fontSelect = undefined;
      throw e;
    }));

/** The Select trigger's look (app/ui/select.tsx) with the customiser's size, shared by the stand-in. */
export const FONT_TRIGGER_CLASS =
  "flex h-11 w-full items-center justify-between whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring [&>span]:line-clamp-1";
