import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { memo, type ReactNode } from "react";
import { Checkbox } from "~/ui/checkbox";
import { Label } from "~/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/ui/select";
import {
  BACKING_SHAPES,
  CUSTOM_COLORS,
  CUSTOM_FONTS,
  CUSTOM_SIZES,
  DIMMER_PRICE,
  type Design,
} from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";
import { neonFontFamily } from "~/features/customizer/ui/neon-fonts";
import { fontsForText } from "~/features/customizer/design-checks";
import { cn } from "~/ui/utils";

/**
 * The customiser's pickers. Each is memoised and takes a stable `onChange`, so typing in the text
 * box re-renders none of them: the keystroke goes straight to the preview.
 */
export type DesignChange = <K extends keyof Design>(key: K, value: Design[K]) => void;

const optionCard = cn(
  "rounded-lg border border-input p-3 text-center transition-colors hover:bg-accent",
  "focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:bg-accent",
);

/** A labelled group of option cards for one design choice (colour, size, backing). */
function OptionGroup<K extends "color" | "size" | "backingShape">({
  field,
  label,
  value,
  onChange,
  className,
  fieldsetClassName,
  children,
}: {
  field: K;
  label: string;
  value: Design[K];
  onChange: DesignChange;
  className: string;
  fieldsetClassName?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={fieldsetClassName}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <RadioGroupPrimitive.Root
        value={value}
        onValueChange={(v) => onChange(field, v as Design[K])}
        className={className}
        aria-label={label}
      >
        {children}
      </RadioGroupPrimitive.Root>
    </fieldset>
  );
}

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
  return (
    <div className="space-y-2">
      <Label htmlFor="neon-font">Font Style</Label>
      <Select value={font} onValueChange={(v) => onChange("font", v as Design["font"])}>
        <SelectTrigger id="neon-font" className="h-11 text-base" aria-describedby="neon-font-note">
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-[min(24rem,var(--radix-select-content-available-height))]">
          {CUSTOM_FONTS.filter((f) => offered.has(f.id)).map((f) => {
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
      <p id="neon-font-note" className="text-xs text-muted-foreground" aria-live="polite">
        {note ?? (hindi ? "Showing the fonts with Hindi letters." : null)}
      </p>
    </div>
  );
});

export const ColorPicker = memo(function ColorPicker({
  color,
  onChange,
}: {
  color: Design["color"];
  onChange: DesignChange;
}) {
  return (
    <OptionGroup
      field="color"
      label="Neon Color"
      value={color}
      onChange={onChange}
      fieldsetClassName="space-y-2"
      className="grid grid-cols-2 gap-2 md:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4"
    >
      {CUSTOM_COLORS.map((c) => (
        <RadioGroupPrimitive.Item
          key={c.id}
          value={c.id}
          className="flex items-center gap-2 rounded-lg border border-input p-2 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary data-[state=checked]:bg-accent"
        >
          <span
            aria-hidden
            className="size-6 shrink-0 rounded-full border border-white/30"
            style={{ backgroundColor: c.hex, boxShadow: `0 0 10px ${c.hex}` }}
          />
          <span className="min-w-0 font-medium leading-tight">{c.name}</span>
        </RadioGroupPrimitive.Item>
      ))}
    </OptionGroup>
  );
});

export const SizePicker = memo(function SizePicker({
  size,
  onChange,
}: {
  size: Design["size"];
  onChange: DesignChange;
}) {
  return (
    <OptionGroup
      field="size"
      label="Size"
      value={size}
      onChange={onChange}
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
    >
      {CUSTOM_SIZES.map((s) => (
        <RadioGroupPrimitive.Item key={s.id} value={s.id} className={optionCard}>
          <span className="block text-lg font-bold">{s.id}</span>
          <span className="block text-xs text-muted-foreground">{s.label}</span>
          <span className="block text-sm">{s.widthCm}cm</span>
          <span className="block text-sm font-semibold">{formatRupees(s.basePrice)}</span>
        </RadioGroupPrimitive.Item>
      ))}
    </OptionGroup>
  );
});

export const DimmerOption = memo(function DimmerOption({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: DesignChange;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-input p-3">
      <Checkbox
        id="neon-dimmer"
        checked={checked}
        onCheckedChange={(v) => onChange("hasDimmer", v === true)}
        className="mt-0.5"
      />
      <div className="space-y-1">
        <Label htmlFor="neon-dimmer" className="cursor-pointer">
          Add Dimmer (+{formatRupees(DIMMER_PRICE)})
        </Label>
        <p className="text-xs text-muted-foreground">A remote dimmer to set the brightness.</p>
      </div>
    </div>
  );
});

export const BackingPicker = memo(function BackingPicker({
  backingShape,
  onChange,
}: {
  backingShape: Design["backingShape"];
  onChange: DesignChange;
}) {
  return (
    <OptionGroup
      field="backingShape"
      label="Backing Shape"
      value={backingShape}
      onChange={onChange}
      className="grid grid-cols-2 gap-2"
    >
      {BACKING_SHAPES.map((b) => (
        <RadioGroupPrimitive.Item key={b.id} value={b.id} className={optionCard}>
          <span className="block font-semibold">{b.name}</span>
          <span className="block text-xs text-muted-foreground">
            {b.price === 0 ? "Free" : `+${formatRupees(b.price)}`}
          </span>
        </RadioGroupPrimitive.Item>
      ))}
    </OptionGroup>
  );
});
