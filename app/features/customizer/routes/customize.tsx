import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import type { NeonPreviewHandle } from "~/features/customizer/ui/neon-preview";
import {
  CUSTOM_SIZES,
  customSize,
  designFromQuery,
  designToQuery,
  designProblem,
  displayText,
  estimateHeightCm,
  previewFileName,
  priceDesign,
  type Design,
} from "~/features/customizer/customizer";
import { blockingReason, checkDesign } from "~/features/customizer/design-checks";
import { useDesignState } from "~/features/customizer/ui/use-design-state";
import { cart, useCart } from "~/features/cart/ui/cart-store";
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
import { attachedWallPhoto } from "~/features/customizer/wall-photo-attachment";
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
      <Customizer key={location.key} initial={designFromQuery(new URLSearchParams(location.search))} />
      <CustomerPhotos photos={loaderData.buyerPhotos} title="Signs our buyers made" />
    </>
  );
}

function Customizer({ initial }: { initial: Design }) {
  const { design, update, fontNote } = useDesignState(initial);
  const [lightsOn, setLightsOn] = useState(true);
  const shipping = useShopSettings()?.shipping;
  const [room, setRoom] = useState<RoomId>("wall");
  // Estimated height (cm) for each size, "30,50,70,100"-style, so the state only changes when a whole cm does.
  const [heights, setHeights] = useState<string | null>(null);
  const [busy, setBusy] = useState<"cart" | "buy" | "download" | null>(null);
  const preview = useRef<NeonPreviewHandle>(null);
  const navigate = useNavigate();
  const { items: cartItems } = useCart();
  const buyNow = buyNowPlan(cartItems, design);

  const size = customSize(design.size);
  const price = priceDesign(design);
  const { text, font, size: sizeId } = design;
  // The notes follow a moment after the preview (a deferred render), so a keystroke redraws the sign first.
  const [lText, lFont, lSize] = [useDeferredValue(text), useDeferredValue(font), useDeferredValue(sizeId)];
  const checks = useMemo(() => checkDesign({ text: lText, font: lFont, size: lSize }), [lText, lFont, lSize]);
  const heightCm = heights?.split(",")[CUSTOM_SIZES.indexOf(size)] ?? null;

  const onMeasure = useCallback(
    (m: NeonMetrics) =>
      setHeights(CUSTOM_SIZES.map((s) => estimateHeightCm(s.widthCm, m.textWidth, m.textHeight)).join(",")),
    [],
  );

  useEffect(() => {
    registerNeonFonts();
  }, []);

  useDesignInUrl(design);

  async function captureThumbnail(): Promise<string> {
    try {
      return (await preview.current?.captureThumbnail(160)) ?? "/placeholder.svg";
    } catch {
      return "/placeholder.svg";
    }
  }

  async function addToCart() {
    const problem = designProblem(design);
    if (problem) {
      toast.error("Error", { description: problem });
      return false;
    }
    const blocked = blockingReason(checkDesign(design));
    if (blocked) {
      toast.error("Cannot be made", { description: blocked });
      return false;
    }
    const image = await captureThumbnail();
    const wallPhoto = await attachedWallPhoto();
    const text = displayText(design.text);
    await cart.add({
      id: `custom-${Date.now()}`,
      name: `Custom Neon: "${text}"`,
      price: price.total,
      image,
      type: "custom",
      customConfig: {
        text,
        font: design.font,
        color: design.color,
        size: design.size,
        hasDimmer: design.hasDimmer,
        backingShape: design.backingShape,
        previewImageUrl: image,
        ...(wallPhoto ? { wallPhotoUrl: wallPhoto } : {}),
      },
    });
    return true;
  }

  async function onAddToCart() {
    setBusy("cart");
    try {
      if (await addToCart())
        // The toast's buttons load with the toaster, not with the page.
        void import("~/features/cart/ui/added-to-cart-toast").then((m) =>
          m.toastAddedToCart(
            "Your custom neon design has been added to cart.",
            () => void navigate("/checkout"),
          ),
        );
    } finally {
      setBusy(null);
    }
  }

  async function onBuyNow() {
    setBusy("buy");
    try {
      // The design once: when the cart already holds it (e.g. after Add to Cart), it is not added again.
      await cart.settled();
      const { alreadyInCart } = buyNowPlan(cart.snapshot().items, design);
      if (alreadyInCart || (await addToCart())) await navigate("/checkout");
    } finally {
      setBusy(null);
    }
  }

  async function onDownload() {
    setBusy("download");
    try {
      const blob = await preview.current!.capturePng(2);
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = previewFileName(design.text);
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success("Downloaded!", { description: "Preview image has been downloaded successfully." });
    } catch {
      toast.error("Error", { description: "Failed to capture preview image." });
    } finally {
      setBusy(null);
    }
  }

  async function onCopyLink() {
    const link = `${window.location.origin}/customize?${designToQuery(design)}`;
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Link Copied!", { description: "Your design link has been copied to clipboard." });
    } catch {
      toast.error("Error", { description: "Failed to copy link." });
    }
  }

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
            size={size}
            heightCm={heightCm}
            lightsOn={lightsOn}
            onToggleLights={() => setLightsOn((on) => !on)}
            busy={busy !== null}
            onDownload={onDownload}
            onCopyLink={onCopyLink}
            onMeasure={onMeasure}
            total={price.total}
            room={room}
          />

          <PriceBreakdown design={design} size={size} price={price} />
        </div>

        <div className="contents lg:block lg:space-y-6">
          <TextSettings design={design} update={update} fontNote={fontNote} />

          <SizeOptions design={design} update={update} />

          <RoomPicker
            room={room}
            onChange={setRoom}
            design={design}
            lightsOn={lightsOn}
            onSize={(s) => update("size", s)}
          />

          <OrderButtons
            checks={checks}
            busy={busy !== null}
            onAddToCart={onAddToCart}
            onBuyNow={onBuyNow}
            buyNowNote={buyNowNote(buyNow)}
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
