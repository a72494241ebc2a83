import { ChevronDown } from "~/ui/icons";
import { useId } from "react";
import { formatRupees } from "~/shared/money";
import { BRIGHTNESS_CONTROLLER_PRICE, type offeredSizes } from "~/features/catalog/product-pricing";
import { PRODUCT_COLORS, PRODUCT_TYPES, type ProductSizeId } from "~/features/sign-options/product-options";
import { formatSizeCm, type SizeCm } from "~/features/catalog/product-facts";

export type ProductChoices = { size: ProductSizeId; color: string; productType: string; brightness: boolean };

/** The product page's choices: size, colour, type and the brightness controller. */
export function ProductOptions({
  sizes,
  sizesCm,
  choices,
  onChange,
}: {
  sizes: ReturnType<typeof offeredSizes>;
  /** The sign's real width × height per size (its product facts): the card adds it to the spec's size. */
  sizesCm: Record<ProductSizeId, SizeCm>;
  choices: ProductChoices;
  onChange: (next: Partial<ProductChoices>) => void;
}) {
  const ids = useId();
  const { size, color, productType, brightness } = choices;
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Size</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {sizes.map((s) => (
            <label
              key={s.id}
              className="flex cursor-pointer flex-col gap-1 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="size"
                  value={s.id}
                  checked={size === s.id}
                  onChange={() => onChange({ size: s.id })}
                  className="size-4 accent-primary"
                />
                <span className="font-semibold">
                  {s.id} {s.label}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {s.dimensions}
                <span className="block">Sign: {formatSizeCm(sizesCm[s.id])}</span>
              </span>
              <span className="text-sm">{formatRupees(s.price)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <label htmlFor={`${ids}-color`} className="text-sm font-medium">
            Color
          </label>
          <div className="relative">
            <select
              id={`${ids}-color`}
              value={color}
              onChange={(e) => onChange({ color: e.target.value })}
              className="h-10 w-full appearance-none rounded-md border border-input bg-background px-3 pr-9 text-sm"
            >
              {PRODUCT_COLORS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <ChevronDown
              className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 opacity-60"
              aria-hidden
            />
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">Type</legend>
          {PRODUCT_TYPES.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm font-medium">
              <input
                type="radio"
                name="productType"
                value={t}
                checked={productType === t}
                onChange={() => onChange({ productType: t })}
                required
                className="size-4 accent-primary"
              />
              {t}
            </label>
          ))}
        </fieldset>
      </div>

      <div className="flex items-center gap-3 rounded-lg border p-4">
        <input
          type="checkbox"
          id={`${ids}-brightness`}
          checked={brightness}
          onChange={(e) => onChange({ brightness: e.target.checked })}
          className="size-5 accent-primary"
        />
        <label htmlFor={`${ids}-brightness`} className="cursor-pointer text-sm font-medium">
          Add Brightness Controller (+{formatRupees(BRIGHTNESS_CONTROLLER_PRICE)})
        </label>
      </div>
    </>
  );
}
