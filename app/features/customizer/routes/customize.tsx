import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { NeonPreviewHandle } from "~/features/customizer/ui/neon-preview";
import {
  CUSTOM_SIZES,
  customSize,
  designFromQuery,
  designToQuery,
  estimateHeightCm,
  priceDesign,
  type CustomSizeId,
  type Design,
} from "~/features/customizer/customizer";
import { checkDesign } from "~/features/customizer/design-checks";
import { useDesignState } from "~/features/customizer/ui/use-design-state";
import { useDesignActions } from "~/features/customizer/ui/use-design-actions";
import { useMeasuredChecks } from "~/features/customizer/ui/use-measured-checks";
import { useCart } from "~/features/cart/ui/cart-store";
import { buyNowNote, buyNowPlan } from "~/features/customizer/buy-now";
import type { NeonMetrics } from "~/features/customizer/ui/neon-canvas";
import { DEFAULT_FONT_URL, registerNeonFonts } from "~/features/customizer/ui/neon-fonts";
import { pageMeta } from "~/ui/seo";
import { useDesignInUrl } from "~/features/customizer/ui/use-design-in-url";
import type { Route } from "./+types/customize";
import { customerPhotos } from "~/features/reviews/review-reads.server";
import { CustomerPhotos } from "~/features/reviews/ui/customer-photos";
import { PreviewCard } from "~/features/customizer/ui/preview-card";
import { OrderButtons } from "~/features/customizer/ui/order-buttons";
import { PriceBreakdown } from "~/features/customizer/ui/price-breakdown";
import { RoomPicker } from "~/features/customizer/ui/room-picker";
import type { RoomId } from "~/features/customizer/ui/room-scenes";
import { SizeOptions } from "~/features/customizer/ui/size-options";
import { TextSettings } from "~/features/customizer/ui/text-settings";
import { PinDelivery } from "~/features/couriers/ui/pin-delivery";
import { customDeliveryText } from "~/features/settings/delivery-promises";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Customize Your Neon",
    description:
      "Design your own LED neon sign: type your text, choose from 20 fonts (two with Hindi letters) and 8 colours, see it glow in a live preview and see the price as you go.",
    path: "/customize",
  });

// Only the default font is fetched with the page; the others when they are shown or chosen.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: DEFAULT_FONT_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** "Signs our buyers made" (issue 29): custom designs' review photos whose authors allowed it, server-rendered. */
export async function loader() {
  return { buyerPhotos: await customerPhotos(8, true) };
}

// The design lives in the URL by history.replaceState: nothing here needs the photos read again.
export const shouldRevalidate = () => false;

export default function CustomizePage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  // A new navigation to /customize (a header link, a shared link, Back) starts from its own query.
  return (
    <>
      <Customizer
        key={location.key}
        initial={designFromQuery(new URLSearchParams(location.search))}
        forStaff={new URLSearchParams(location.search).get("for") === "staff"}
      />
      <CustomerPhotos photos={loaderData.buyerPhotos} title="Signs our buyers made" />
    </>
  );
}

/** forStaff: opened from Chat Orders (?for=staff, issue 46): the design goes to the staff order, not the cart. */
function Customizer({ initial, forStaff }: { initial: Design; forStaff: boolean }) {
  const { design, update, fontNote } = useDesignState(initial);
  const [lightsOn, setLightsOn] = useState(true);
  const shipping = useShopSettings()?.shipping;
  const [room, setRoom] = useState<RoomId>("wall");
  // Estimated height (cm) for each size, "30,50,70,100"-style, so the state only changes when a whole cm does.
  const [heights, setHeights] = useState<string | null>(null);
  const preview = useRef<NeonPreviewHandle>(null);
  const { busy, onAddToCart, onBuyNow, onDownload, onCopyLink } = useDesignActions(design, preview);
  const { items: cartItems } = useCart();

  // A keystroke re-renders the text box and the preview only. The price, the notes and the rest follow a
  // moment later (a deferred render of `later`); each part is memoised and every callback below is stable,
  // so the keystroke's own render skips them (issue 33: keystroke to redraw under 16 ms on a slow phone).
  const later = useDeferredValue(design);
  const size = customSize(later.size);
  const price = useMemo(() => priceDesign(later), [later]);
  const { text: lText, font: lFont, size: lSize } = later;
  const estimate = useMemo(
    () => checkDesign({ text: lText, font: lFont, size: lSize }),
    [lText, lFont, lSize],
  );
  // The server's answer on the fonts' measured letters replaces the estimate once it comes (issue 44).
  const measured = useMeasuredChecks({ text: lText, font: lFont, size: lSize });
  const checks = measured?.checks ?? estimate;
  const note = buyNowNote(useMemo(() => buyNowPlan(cartItems, later), [cartItems, later]));
  const heightCm = heights?.split(",")[CUSTOM_SIZES.indexOf(customSize(design.size))] ?? null;

  const onMeasure = useCallback(
    (m: NeonMetrics) =>
      setHeights(CUSTOM_SIZES.map((s) => estimateHeightCm(s.widthCm, m.textWidth, m.textHeight)).join(",")),
    [],
  );

  useEffect(() => {
    registerNeonFonts();
  }, []);

  useDesignInUrl(design);

  const onToggleLights = useCallback(() => setLightsOn((on) => !on), []);
  const onSize = useCallback((s: CustomSizeId) => update("size", s), [update]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-12">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold sm:text-4xl">
          Customize Your <span className="neon-text text-primary">Neon</span>
        </h1>
        <p className="mt-2 text-muted-foreground">
          Type your text, pick a font and a colour, and watch your sign glow.
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          Have a logo?{" "}
          <Link to="/customize/logo" className="text-primary underline">
            Get a quote for your logo
          </Link>
        </p>
      </header>

      {/* On phones the text and options come right under the preview, the price just before the buttons. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div className="contents lg:sticky lg:top-20 lg:block lg:space-y-6 lg:self-start">
          <PreviewCard
            preview={preview}
            design={design}
            heightCm={heightCm}
            lightsOn={lightsOn}
            onToggleLights={onToggleLights}
            busy={busy !== null}
            onDownload={onDownload}
            onCopyLink={onCopyLink}
            onMeasure={onMeasure}
            total={price.total}
            room={room}
          />

          <PriceBreakdown design={later} size={size} price={price} />
        </div>

        <div className="contents lg:block lg:space-y-6">
          <TextSettings design={design} update={update} fontNote={fontNote} />

          <SizeOptions
            size={design.size}
            hasDimmer={design.hasDimmer}
            backingShape={design.backingShape}
            update={update}
          />

          <RoomPicker room={room} onChange={setRoom} design={later} lightsOn={lightsOn} onSize={onSize} />

          <OrderButtons
            checks={checks}
            measuredNote={measured?.note ?? null}
            busy={busy !== null}
            onAddToCart={onAddToCart}
            onBuyNow={onBuyNow}
            buyNowNote={note}
            staffHref={forStaff ? `/admin/orders/new?${designToQuery(design).toString()}` : undefined}
          />
          <PinDelivery custom className="order-6" />
          <p className="order-6 text-center text-xs text-muted-foreground">
            {shipping ? `Made by hand and delivered in ${customDeliveryText(shipping)}` : "Made by hand"} ·
            12-month warranty · 6 mm acrylic backing
          </p>
        </div>
      </div>
    </div>
  );
}
