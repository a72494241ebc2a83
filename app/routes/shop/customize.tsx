import { Download, Lightbulb, LightbulbOff, Link2, ShoppingCart, Zap } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import {
  BackingPicker,
  ColorPicker,
  DimmerOption,
  FontPicker,
  SizePicker,
  type DesignChange,
} from "~/components/customizer-options";
import { NeonPreview, type NeonPreviewHandle } from "~/components/neon-preview";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  countCharacters,
  CUSTOM_SIZES,
  customSize,
  designFromQuery,
  designToQuery,
  designSchema,
  displayText,
  estimateHeightCm,
  FREE_CHARACTERS,
  limitLines,
  MAX_CUSTOM_TEXT_LENGTH,
  MAX_TEXT_LINES,
  PRICE_PER_EXTRA_CHARACTER,
  previewFileName,
  priceDesign,
  type Design,
} from "~/domain/customizer";
import { formatRupees } from "~/domain/money";
import { cart } from "~/lib/cart-store";
import type { NeonMetrics } from "~/lib/neon-canvas";
import { DEFAULT_FONT_URL, registerNeonFonts } from "~/lib/neon-fonts";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/customize";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Customize Your Neon",
    description:
      "Design your own LED neon sign: type your text, choose from 18 fonts and 8 colours, see it glow in a live preview and see the price as you go.",
    path: "/customize",
  });

// Only the default font is fetched with the page; the others when they are shown or chosen.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: DEFAULT_FONT_URL, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export default function CustomizePage() {
  const location = useLocation();
  // A new navigation to /customize (a header link, a shared link, Back) starts from its own query.
  return <Customizer key={location.key} initial={designFromQuery(new URLSearchParams(location.search))} />;
}

function Customizer({ initial }: { initial: Design }) {
  const [design, setDesign] = useState<Design>(initial);
  const [lightsOn, setLightsOn] = useState(true);
  // Estimated height (cm) for each size, "30,50,70,100"-style, so the state only changes when a whole cm does.
  const [heights, setHeights] = useState<string | null>(null);
  const [busy, setBusy] = useState<"cart" | "buy" | "download" | null>(null);
  const preview = useRef<NeonPreviewHandle>(null);
  const navigate = useNavigate();

  const update = useCallback<DesignChange>((key, value) => setDesign((d) => ({ ...d, [key]: value })), []);
  const size = customSize(design.size);
  const price = priceDesign(design);
  const characters = countCharacters(design.text);
  const heightCm = heights?.split(",")[CUSTOM_SIZES.indexOf(size)] ?? null;

  const onMeasure = useCallback(
    (m: NeonMetrics) =>
      setHeights(CUSTOM_SIZES.map((s) => estimateHeightCm(s.widthCm, m.textWidth, m.textHeight)).join(",")),
    [],
  );

  useEffect(() => {
    registerNeonFonts();
  }, []);

  // Keep the design in the address bar (without a navigation, so nothing reloads), a moment after the last change.
  useEffect(() => {
    const t = window.setTimeout(() => {
      const current = designFromQuery(new URLSearchParams(window.location.search));
      const same = (Object.keys(design) as (keyof Design)[]).every((k) => current[k] === design[k]);
      if (same) return;
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}?${designToQuery(design)}`,
      );
    }, 250);
    return () => window.clearTimeout(t);
  }, [design]);

  async function captureThumbnail(): Promise<string> {
    try {
      return (await preview.current?.captureThumbnail(160)) ?? "/placeholder.svg";
    } catch {
      return "/placeholder.svg";
    }
  }

  async function addToCart() {
    const checked = designSchema.safeParse(design);
    if (!checked.success) {
      toast.error("Error", { description: checked.error.issues[0]?.message ?? "Please check your design." });
      return false;
    }
    const image = await captureThumbnail();
    const text = displayText(design.text);
    cart.add({
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
      },
    });
    return true;
  }

  async function onAddToCart() {
    setBusy("cart");
    try {
      if (await addToCart())
        toast.success("Added to Cart!", { description: "Your custom neon design has been added to cart." });
    } finally {
      setBusy(null);
    }
  }

  async function onBuyNow() {
    setBusy("buy");
    try {
      if (await addToCart()) await navigate("/checkout");
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

  function onTextKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
    // Up to three lines: Enter on the last allowed line does nothing.
    if (e.key === "Enter" && e.currentTarget.value.split("\n").length >= MAX_TEXT_LINES) e.preventDefault();
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
      </header>

      {/* On phones the text and options come right under the preview, the price just before the buttons. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <div className="contents lg:sticky lg:top-20 lg:block lg:space-y-6 lg:self-start">
          <Card className="order-1">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 p-4 sm:p-6">
              <div className="flex items-center gap-3">
                <h2 className="text-lg font-semibold leading-none tracking-tight">Live Preview</h2>
                <Badge variant="secondary" aria-label={`Width ${size.widthCm}cm`}>
                  {size.widthCm}cm
                </Badge>
              </div>
              <div className="flex items-center gap-2">
                <button
                  type="button"
                  role="switch"
                  aria-checked={lightsOn}
                  onClick={() => setLightsOn((on) => !on)}
                  className="group inline-flex h-9 items-center gap-2 rounded-full border border-input px-3 text-sm font-medium hover:bg-accent"
                >
                  {lightsOn ? (
                    <Lightbulb className="size-4 text-yellow-300" aria-hidden />
                  ) : (
                    <LightbulbOff className="size-4" aria-hidden />
                  )}
                  Lights
                  <span
                    aria-hidden
                    className="relative h-5 w-9 rounded-full bg-input transition-colors group-aria-checked:bg-primary"
                  >
                    <span className="absolute left-0.5 top-0.5 size-4 rounded-full bg-white transition-transform group-aria-checked:translate-x-4" />
                  </span>
                </button>
                <Button variant="outline" size="sm" onClick={onDownload} disabled={busy !== null}>
                  <Download aria-hidden /> Download Preview
                </Button>
              </div>
            </CardHeader>
            <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
              <NeonPreview ref={preview} design={design} lightsOn={lightsOn} onMeasure={onMeasure} />
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                <p>
                  Estimated size:{" "}
                  <span className="font-medium text-foreground" data-testid="estimated-size">
                    {size.widthCm} cm × {heightCm ?? "…"} cm
                  </span>
                </p>
                <Button variant="ghost" size="sm" onClick={onCopyLink}>
                  <Link2 aria-hidden /> Share this design
                </Button>
              </div>
            </CardContent>
          </Card>

          <Card className="order-4">
            <CardHeader className="p-4 sm:p-6">
              <h2 className="text-lg font-semibold leading-none tracking-tight">Price Breakdown</h2>
            </CardHeader>
            <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
              <dl className="space-y-2 text-sm" aria-label="Price Breakdown">
                <PriceLine label={`Base price (${size.label}, ${size.widthCm}cm)`} amount={price.basePrice} />
                <PriceLine
                  label={`Extra characters (${price.extraCharacters} × ${formatRupees(PRICE_PER_EXTRA_CHARACTER)})`}
                  amount={price.characterPrice}
                />
                {design.hasDimmer && <PriceLine label="Dimmer" amount={price.dimmerPrice} />}
                {design.backingShape === "rectangle" && (
                  <PriceLine label="Rectangle backing" amount={price.backingPrice} />
                )}
                <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
                  <dt>Total</dt>
                  <dd className="text-primary">{formatRupees(price.total)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </div>

        <div className="contents lg:block lg:space-y-6">
          <Card className="order-2">
            <CardHeader className="p-4 sm:p-6">
              <h2 className="text-lg font-semibold leading-none tracking-tight">Text Settings</h2>
            </CardHeader>
            <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
              <div className="space-y-2">
                <Label htmlFor="neon-text">Your Text</Label>
                <Textarea
                  id="neon-text"
                  rows={3}
                  value={design.text}
                  maxLength={MAX_CUSTOM_TEXT_LENGTH}
                  placeholder="YOUR TEXT"
                  aria-describedby="neon-text-help"
                  onKeyDown={onTextKeyDown}
                  onChange={(e) => update("text", limitLines(e.target.value))}
                  className="resize-none text-base"
                  spellCheck={false}
                />
                <p id="neon-text-help" className="text-xs text-muted-foreground">
                  {characters} {characters === 1 ? "character" : "characters"} · up to {MAX_TEXT_LINES} lines
                  · first {FREE_CHARACTERS} characters included, then{" "}
                  {formatRupees(PRICE_PER_EXTRA_CHARACTER)} each (line breaks are free)
                </p>
              </div>

              <FontPicker font={design.font} onChange={update} />
              <ColorPicker color={design.color} onChange={update} />
            </CardContent>
          </Card>

          <Card className="order-3">
            <CardHeader className="p-4 sm:p-6">
              <h2 className="text-lg font-semibold leading-none tracking-tight">Size &amp; Options</h2>
            </CardHeader>
            <CardContent className="space-y-6 p-4 pt-0 sm:p-6 sm:pt-0">
              <SizePicker size={design.size} onChange={update} />
              <DimmerOption checked={design.hasDimmer} onChange={update} />
              <BackingPicker backingShape={design.backingShape} onChange={update} />
            </CardContent>
          </Card>

          <div className="order-5 grid gap-3 sm:grid-cols-2">
            <Button size="lg" onClick={onAddToCart} disabled={busy !== null}>
              <ShoppingCart aria-hidden /> Add to Cart
            </Button>
            <Button size="lg" variant="outline" onClick={onBuyNow} disabled={busy !== null}>
              <Zap aria-hidden /> Buy Now
            </Button>
          </div>
          <p className="order-6 text-center text-xs text-muted-foreground">
            Made by hand in 7-14 business days · 12-month warranty · 6 mm acrylic backing
          </p>
        </div>
      </div>
    </div>
  );
}

function PriceLine({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{formatRupees(amount)}</dd>
    </div>
  );
}
