import type { CartItem } from "~/features/cart/cart";
import { CUSTOM_COLORS } from "~/features/sign-options/custom-colors";
import { PLACEHOLDER_IMAGE } from "~/shared/images";
import { cn } from "~/ui/utils";

/** The neon colour of a line's colour name ("White") or the customiser's colour id ("white"). */
export function lineColorHex(color: string | undefined): string | null {
  if (!color) return null;
  const c = color.trim().toLowerCase();
  return CUSTOM_COLORS.find((x) => x.id === c || x.name.toLowerCase() === c)?.hex ?? null;
}

/**
 * A cart line's picture (cart drawer, checkout summary, a restored cart): its photo (the product's photo in
 * the chosen colour, a custom sign's preview), else a swatch of the chosen colour glowing on a dark tile,
 * so a white sign is never shown by a pink photo (issue 42); the placeholder when neither is known.
 */
export function LinePicture({ item, px, className }: { item: CartItem; px: number; className?: string }) {
  const box = cn("shrink-0 rounded-md bg-muted", className);
  if (item.image)
    return <img src={item.image} alt="" width={px} height={px} className={cn(box, "object-cover")} />;
  const color = item.productConfig?.color ?? item.customConfig?.color;
  const hex = lineColorHex(color);
  if (!hex)
    return <img src={PLACEHOLDER_IMAGE} alt="" width={px} height={px} className={cn(box, "object-cover")} />;
  return (
    <span
      role="img"
      aria-label={`${color} (no photo in this colour)`}
      className={cn(box, "flex items-center justify-center border bg-[#15131c]")}
      style={{ width: px, height: px }}
    >
      <span
        aria-hidden
        className="block size-1/2 rounded-full"
        style={{ backgroundColor: hex, boxShadow: `0 0 ${Math.round(px / 5)}px ${hex}` }}
      />
    </span>
  );
}
