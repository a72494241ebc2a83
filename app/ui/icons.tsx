import type { SVGProps } from "react";
import * as arrowLeft from "lucide-react/icons/arrow-left";
import * as award from "lucide-react/icons/award";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as clock from "lucide-react/icons/clock";
import * as copy from "lucide-react/icons/copy";
import * as eye from "lucide-react/icons/eye";
import * as flame from "lucide-react/icons/flame";
import * as imagePlus from "lucide-react/icons/image-plus";
import * as mail from "lucide-react/icons/mail";
import * as mapPin from "lucide-react/icons/map-pin";
import * as menu from "lucide-react/icons/menu";
import * as messageCircle from "lucide-react/icons/message-circle";
import * as mousePointerClick from "lucide-react/icons/mouse-pointer-click";
import * as packageIcon from "lucide-react/icons/package";
import * as palette from "lucide-react/icons/palette";
import * as phone from "lucide-react/icons/phone";
import * as search from "lucide-react/icons/search";
import * as share2 from "lucide-react/icons/share-2";
import * as shieldCheck from "lucide-react/icons/shield-check";
import * as shoppingCart from "lucide-react/icons/shopping-cart";
import * as sparkles from "lucide-react/icons/sparkles";
import * as star from "lucide-react/icons/star";
import * as truck from "lucide-react/icons/truck";
import * as wrench from "lucide-react/icons/wrench";
import * as x from "lucide-react/icons/x";
import * as zap from "lucide-react/icons/zap";

/**
 * The storefront's server-rendered icons: lucide's drawings (taken from lucide-react's own icon data, so
 * they follow its upgrades) with the same outer <svg> as lucide-react, but the drawing written as one
 * fixed piece of markup. A lucide-react icon is a component plus one React element per path, rendered on
 * every request; the product list has 38 of them, and rendering them was about a tenth of the page's
 * server time (docs/performance.md). Interactive islands and the admin keep using lucide-react.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML">;
export type StaticIcon = ((props: IconProps) => React.JSX.Element) & { displayName: string };

type IconNode = [tag: string, attrs: Record<string, string | number>, children?: IconNode][];

const escapeAttr = (v: string) =>
  v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** An icon node as SVG markup (React's `key` is not an attribute). */
export function iconMarkup(node: IconNode): string {
  return node
    .map(([tag, attrs, children]) => {
      const attributes = Object.entries(attrs)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${kebab(name)}="${escapeAttr(String(value))}"`)
        .join("");
      return `<${tag}${attributes}>${children ? iconMarkup(children) : ""}</${tag}>`;
    })
    .join("");
}

/** The drawing lucide-react keeps in each icon module (`__iconData`); a lucide upgrade that drops it fails here. */
function iconData(mod: unknown): { name: string; aliases: string[]; node: IconNode } {
  const data = (mod as { __iconData?: { name?: unknown; aliases?: unknown; node?: unknown } }).__iconData;
  if (!data || typeof data.name !== "string" || !Array.isArray(data.node)) {
    throw new Error("lucide-react icon module without __iconData");
  }
  const aliases = Array.isArray(data.aliases)
    ? data.aliases.filter((a): a is string => typeof a === "string" && a.trim() !== "")
    : [];
  return { name: data.name, aliases, node: data.node as IconNode };
}

const hasA11yProp = (props: IconProps) =>
  Object.entries(props).some(
    ([name, value]) => value != null && (name.startsWith("aria-") || name === "role" || name === "title"),
  );

function staticIcon(mod: unknown, displayName: string): StaticIcon {
  const { name, aliases, node } = iconData(mod);
  const html = { __html: iconMarkup(node) };
  const base = ["lucide", ...[name, ...aliases].map((n) => `lucide-${n}`)].join(" ");
  const Icon = ({ className, ...props }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `${base} ${className}` : base}
      aria-hidden={hasA11yProp(props) ? undefined : true}
      {...props}
      dangerouslySetInnerHTML={html}
    />
  );
  Icon.displayName = displayName;
  return Icon;
}

export const ArrowLeft = staticIcon(arrowLeft, "ArrowLeft");
export const Award = staticIcon(award, "Award");
export const ChevronDown = staticIcon(chevronDown, "ChevronDown");
export const Clock = staticIcon(clock, "Clock");
export const Copy = staticIcon(copy, "Copy");
export const Eye = staticIcon(eye, "Eye");
export const Flame = staticIcon(flame, "Flame");
export const ImagePlus = staticIcon(imagePlus, "ImagePlus");
export const Mail = staticIcon(mail, "Mail");
export const MapPin = staticIcon(mapPin, "MapPin");
export const Menu = staticIcon(menu, "Menu");
export const MessageCircle = staticIcon(messageCircle, "MessageCircle");
export const MousePointerClick = staticIcon(mousePointerClick, "MousePointerClick");
export const Package = staticIcon(packageIcon, "Package");
export const Palette = staticIcon(palette, "Palette");
export const Phone = staticIcon(phone, "Phone");
export const Search = staticIcon(search, "Search");
export const Share2 = staticIcon(share2, "Share2");
export const ShieldCheck = staticIcon(shieldCheck, "ShieldCheck");
export const ShoppingCart = staticIcon(shoppingCart, "ShoppingCart");
export const Sparkles = staticIcon(sparkles, "Sparkles");
export const Star = staticIcon(star, "Star");
export const Truck = staticIcon(truck, "Truck");
export const Wrench = staticIcon(wrench, "Wrench");
export const X = staticIcon(x, "X");
export const Zap = staticIcon(zap, "Zap");
