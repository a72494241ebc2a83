import { createContext, memo, useContext, type ReactNode } from "react";
import { Label } from "~/ui/label";
import { NativeCheckbox } from "~/ui/native-checkbox";
import {
  BACKING_SHAPES,
  CUSTOM_COLORS,
  CUSTOM_SIZES,
  DIMMER_PRICE,
  type Design,
} from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";
import { cn } from "~/ui/utils";

/**
 * The customiser's pickers. Each is memoised and takes a stable `onChange`, so typing in the text
 * box re-renders none of them: the keystroke goes straight to the preview.
 */
export type DesignChange = <K extends keyof Design>(key: K, value: Design[K]) => void;

/*
 * The option cards are native radios in labels (checked and focus drawn with :has), and the dimmer a native
 * checkbox: they work the moment the page is painted and cost no JavaScript (issue 33). Only the font list,
 * which shows each name in its own face, is a Radix Select, loaded on first use (font-picker.tsx).
 */
const optionCard = cn(
  "cursor-pointer rounded-lg border border-input p-3 text-center transition-colors hover:bg-accent",
  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:checked]:border-primary has-[:checked]:bg-accent",
);

type Group = { name: string; value: string; onPick: (v: string) => void };
const GroupContext = createContext<Group | null>(null);

/** One option card: a visually hidden native radio of the group around it, and what the card shows. */
function OptionCard({
  value,
  className,
  children,
}: {
  value: string;
  className?: string;
  children: ReactNode;
}) {
  const group = useContext(GroupContext)!;
  return (
    <label className={cn("relative", className ?? optionCard)}>
      {/* Over the whole card, unseen: a tap anywhere on the card is a tap on the radio. */}
      <input
        type="radio"
        className="absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0"
        name={group.name}
        value={value}
        checked={group.value === value}
        onChange={() => group.onPick(value)}
      />
      {children}
    </label>
  );
}

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
      <div role="radiogroup" aria-label={label} className={className}>
        <GroupContext.Provider
          value={{ name: `neon-${field}`, value, onPick: (v) => onChange(field, v as Design[K]) }}
        >
          {children}
        </GroupContext.Provider>
      </div>
    </fieldset>
  );
}

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
        <OptionCard
          key={c.id}
          value={c.id}
          className="flex cursor-pointer items-center gap-2 rounded-lg border border-input p-2 text-left text-sm transition-colors hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:checked]:border-primary has-[:checked]:bg-accent"
        >
          <span
            aria-hidden
            className="size-6 shrink-0 rounded-full border border-white/30"
            style={{ backgroundColor: c.hex, boxShadow: `0 0 10px ${c.hex}` }}
          />
          <span className="min-w-0 font-medium leading-tight">{c.name}</span>
        </OptionCard>
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
        <OptionCard key={s.id} value={s.id}>
          <span className="block text-lg font-bold">{s.id}</span>
          <span className="block text-xs text-muted-foreground">{s.label}</span>
          <span className="block text-sm">{s.widthCm}cm</span>
          <span className="block text-sm font-semibold">{formatRupees(s.basePrice)}</span>
        </OptionCard>
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
      <NativeCheckbox
        id="neon-dimmer"
        checked={checked}
        onChange={(e) => onChange("hasDimmer", e.currentTarget.checked)}
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
        <OptionCard key={b.id} value={b.id}>
          <span className="block font-semibold">{b.name}</span>
          <span className="block text-xs text-muted-foreground">
            {b.price === 0 ? "Free" : `+${formatRupees(b.price)}`}
          </span>
        </OptionCard>
      ))}
    </OptionGroup>
  );
});
