import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import type { CUSTOM_FONTS, Design } from "~/features/customizer/customizer";
import { neonFontFamily } from "~/features/customizer/ui/neon-fonts";

/**
 * Font Style's list: each name shown in its own face (the browser fetches a face when its item is shown);
 * a name's "(हिन्दी)" is shown in the page's own font, so opening the list never fetches a Devanagari font
 * file by itself. Loaded on first use by FontPicker (font-picker.tsx), which draws the same
 * trigger until then.
 */
export function FontSelect({
  font,
  fonts,
  onChange,
  defaultOpen,
}: {
  font: Design["font"];
  fonts: (typeof CUSTOM_FONTS)[number][];
  onChange: (font: Design["font"]) => void;
  defaultOpen: boolean;
}) {
  return (
    <Select value={font} defaultOpen={defaultOpen} onValueChange={(v) => onChange(v as Design["font"])}>
      <SelectTrigger id="neon-font" className="h-11 text-base" aria-describedby="neon-font-note">
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-h-[min(24rem,var(--radix-select-content-available-height))]">
        {fonts.map((f) => {
          const [name, script] = f.name.split(" (");
          return (
            <SelectItem key={f.id} value={f.id} className="py-2 text-base">
              <span style={{ fontFamily: neonFontFamily(f.id) }}>{name}</span>
              {script ? ` (${script}` : null}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}
