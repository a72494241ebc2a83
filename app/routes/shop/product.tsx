import { ArrowLeft, Award, ChevronDown, ShieldCheck, Truck } from "lucide-react";
import { useId, useState } from "react";
import { data, isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { toast } from "sonner";
import { ProductCard } from "~/components/product-card";
import { StarRating } from "~/components/star-rating";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { productCartLine } from "~/domain/catalog";
import { imageAttrs, imageUrl, PLACEHOLDER_IMAGE } from "~/domain/images";
import { formatRupees } from "~/domain/money";
import { PRODUCT_FAQ } from "~/domain/product-faq";
import {
  BRIGHTNESS_CONTROLLER_PRICE,
  offeredSizes,
  PRODUCT_COLORS,
  PRODUCT_TYPES,
  showMrp,
  type ProductSizeId,
} from "~/domain/product-pricing";
import { cart } from "~/lib/cart-store";
import { pageMeta } from "~/lib/seo";
import { getActiveProduct, listSimilarProducts } from "~/server/catalog.server";
import type { Route } from "./+types/product";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getActiveProduct(params.id);
  if (!product) throw data(null, { status: 404 });
  const similar = await listSimilarProducts(product);
  return { product, similar };
}

const DEFAULT_DESCRIPTION =
  "A premium handcrafted LED neon sign made with energy-efficient 2nd Gen LED neon flex on 6 mm clear acrylic. Low heat, easy to install and built to last.";

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData) {
    return pageMeta(matches, {
      title: "Product Not Found",
      description: "The product you're looking for doesn't exist or has been removed.",
      path: `/products/${params.id}`,
      noindex: true,
    });
  }
  const p = loaderData.product;
  const img = p.images[0];
  return pageMeta(matches, {
    title: p.name,
    description: (p.description ?? DEFAULT_DESCRIPTION).slice(0, 160),
    path: `/products/${p.id}`,
    image: img ? imageUrl(img.imageKey, imageAttrs(img, 1280).width) : undefined,
    type: "product",
  });
};

function jsonLd(value: unknown): string {
  // Keep "</script>" and friends out of the inline JSON.
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  // A new product (e.g. a click on a similar product) starts again from the default choices.
  return <ProductView key={loaderData.product.id} {...loaderData} matches={matches} />;
}

function ProductView({ product, similar, matches }: Route.ComponentProps["loaderData"] & { matches: Route.ComponentProps["matches"] }) {
  const navigate = useNavigate();
  const sizes = offeredSizes(product);
  const defaultSize: ProductSizeId = sizes.some((s) => s.id === "M") ? "M" : (sizes[0]?.id ?? "M");
  const [size, setSize] = useState<ProductSizeId>(defaultSize);
  const [color, setColor] = useState<string>("Blue");
  const [productType, setProductType] = useState<string>("Standard");
  const [brightness, setBrightness] = useState(false);
  const [imageIndex, setImageIndex] = useState(0);
  const ids = useId();

  const chosen = sizes.find((s) => s.id === size) ?? sizes[0];
  const price = (chosen?.price ?? product.mediumPrice) + (brightness ? BRIGHTNESS_CONTROLLER_PRICE : 0);
  const mrp = chosen ? chosen.mrp + (brightness ? BRIGHTNESS_CONTROLLER_PRICE : 0) : product.mediumMrp;
  const inStock = product.stockQuantity > 0;
  const image = product.images[imageIndex] ?? product.images[0];
  const root = matches.find((m) => m?.id === "root")?.loaderData as { store: { publicUrl: string; name: string } } | undefined;
  const base = root?.store.publicUrl ?? "";

  function addToCart() {
    const first = product.images[0];
    const line = productCartLine(
      product,
      { size: chosen?.id ?? size, color, brightnessController: brightness, productType },
      first ? imageAttrs(first, 320).src : PLACEHOLDER_IMAGE,
      Date.now(),
    );
    if (!line) return;
    cart.add(line);
    toast.success("Added to Cart!", { description: `${product.name} has been added to your cart.` });
  }

  const structured = [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description: product.description ?? DEFAULT_DESCRIPTION,
      sku: product.id,
      category: product.categoryName ?? undefined,
      image: product.images.map((i) => `${base}${imageUrl(i.imageKey, imageAttrs(i, 1280).width)}`),
      brand: { "@type": "Brand", name: root?.store.name ?? "NeonLights" },
      aggregateRating:
        product.reviewCount > 0
          ? { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount }
          : undefined,
      offers: {
        "@type": "Offer",
        url: `${base}/products/${product.id}`,
        priceCurrency: "INR",
        price: product.mediumPrice,
        availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${base}/` },
        { "@type": "ListItem", position: 2, name: "Products", item: `${base}/products` },
        { "@type": "ListItem", position: 3, name: product.name, item: `${base}/products/${product.id}` },
      ],
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />
      <nav aria-label="Breadcrumb" className="flex items-center gap-3 text-sm text-muted-foreground">
        <Button variant="ghost" size="sm" onClick={() => navigate(-1)} className="gap-1 px-2">
          <ArrowLeft aria-hidden /> Back
        </Button>
        <span aria-hidden>/</span>
        <Link to="/products" className="hover:text-foreground">
          Products
        </Link>
        <span aria-hidden>/</span>
        <span aria-current="page" className="line-clamp-1 text-foreground">
          {product.name}
        </span>
      </nav>

      <div className="grid gap-10 lg:grid-cols-2">
        <div className="space-y-3">
          <div className="aspect-square overflow-hidden rounded-xl border bg-muted">
            {image ? (
              <img
                key={image.id}
                {...imageAttrs(image, 960)}
                sizes="(min-width: 1024px) 600px, 100vw"
                alt={image.altText ?? product.name}
                loading="eager"
                fetchPriority="high"
                className="size-full object-cover"
              />
            ) : (
              <img src={PLACEHOLDER_IMAGE} alt="" width={600} height={600} className="size-full object-cover" />
            )}
          </div>
          {product.images.length > 1 && (
            <div className="flex gap-3" role="group" aria-label="Product images">
              {product.images.map((img, i) => (
                <button
                  key={img.id}
                  type="button"
                  onClick={() => setImageIndex(i)}
                  aria-label={`Show image ${i + 1} of ${product.images.length}`}
                  aria-pressed={i === imageIndex}
                  className={`size-20 overflow-hidden rounded-md border-2 ${i === imageIndex ? "border-primary" : "border-transparent"}`}
                >
                  <img {...imageAttrs(img, 320)} sizes="80px" alt="" loading="lazy" className="size-full object-cover" />
                </button>
              ))}
            </div>
          )}
        </div>

        <div className="space-y-6">
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">{product.categoryName ?? "General"}</Badge>
            {inStock && (
              <Badge variant="success" className="bg-emerald-700">
                In Stock
              </Badge>
            )}
          </div>
          <h1 className="text-3xl font-extrabold md:text-4xl">{product.name}</h1>
          <StarRating rating={product.rating} reviewCount={product.reviewCount} />
          <p className="flex items-baseline gap-3" aria-live="polite">
            <span className="text-3xl font-bold" data-testid="product-price">
              {formatRupees(price)}
            </span>
            {showMrp(price, mrp) && (
              <s className="text-lg text-muted-foreground">
                <span className="sr-only">MRP </span>
                {formatRupees(mrp)}
              </s>
            )}
          </p>
          <p className="text-muted-foreground">{product.description || DEFAULT_DESCRIPTION}</p>

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
                      onChange={() => setSize(s.id)}
                      className="size-4 accent-primary"
                    />
                    <span className="font-semibold">
                      {s.id} {s.label}
                    </span>
                  </span>
                  <span className="text-xs text-muted-foreground">{s.dimensions}</span>
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
                  onChange={(e) => setColor(e.target.value)}
                  required
                  className="h-10 w-full appearance-none rounded-md border border-input bg-background px-3 pr-9 text-sm"
                >
                  {PRODUCT_COLORS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
                <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 opacity-60" aria-hidden />
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
                    onChange={() => setProductType(t)}
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
              onChange={(e) => setBrightness(e.target.checked)}
              className="size-5 accent-primary"
            />
            <label htmlFor={`${ids}-brightness`} className="cursor-pointer text-sm font-medium">
              Add Brightness Controller (+{formatRupees(BRIGHTNESS_CONTROLLER_PRICE)})
            </label>
          </div>

          <Button size="lg" className="w-full text-base" disabled={!inStock || !chosen} onClick={addToCart}>
            {inStock ? "ADD TO CART" : "OUT OF STOCK"}
          </Button>

          <ul className="grid grid-cols-3 gap-3 text-center text-sm">
            <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
              <ShieldCheck className="size-6 text-primary" aria-hidden /> 12 Month Warranty
            </li>
            <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
              <Truck className="size-6 text-primary" aria-hidden /> Fast Delivery
            </li>
            <li className="flex flex-col items-center gap-2 rounded-lg border p-3">
              <Award className="size-6 text-primary" aria-hidden /> Premium Quality
            </li>
          </ul>
        </div>
      </div>

      <section aria-labelledby="about-heading" className="grid gap-8 rounded-xl border bg-card p-6 md:grid-cols-2 md:p-8">
        <div className="space-y-4">
          <h2 id="about-heading" className="text-2xl font-bold">
            About Your Neon Sign
          </h2>
          <p className="text-muted-foreground">
            Each sign is made by hand from flexible 2nd Gen LED neon tubing mounted on 6 mm clear acrylic backing, cut
            to the shape of the design. 2nd Gen LED neon is brighter and more even than first-generation strips, runs
            cool and low-voltage, and is rated for 50,000+ hours.
          </p>
          <h3 className="font-semibold">In the box</h3>
          <ul className="list-inside list-disc text-sm text-muted-foreground">
            <li>Your neon sign on 6 mm acrylic</li>
            <li>12V power adapter with a 2 m clear cable</li>
            <li>Screws and wall anchors for mounting</li>
            <li>Brightness controller with remote (if chosen)</li>
          </ul>
        </div>
        <div className="space-y-4">
          <h3 className="font-semibold">Easy installation in four steps</h3>
          <ol className="list-inside list-decimal space-y-2 text-sm text-muted-foreground">
            <li>Hold the sign against the wall and mark the pre-drilled holes.</li>
            <li>Drill the marks and tap in the wall anchors.</li>
            <li>Screw the sign to the wall.</li>
            <li>Plug in the adapter and switch on your sign.</li>
          </ol>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="space-y-4">
        <h2 id="faq-heading" className="text-2xl font-bold">
          Frequently Asked Questions
        </h2>
        <div className="divide-y rounded-xl border">
          {PRODUCT_FAQ.map((f) => (
            <details key={f.q} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                {f.q}
                <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <p className="pt-3 text-sm text-muted-foreground">{f.a}</p>
            </details>
          ))}
        </div>
      </section>

      {similar.length > 0 && (
        <section aria-labelledby="similar-heading" className="space-y-6">
          <h2 id="similar-heading" className="text-2xl font-bold">
            Similar Products
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} share={false} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{notFound ? "Product Not Found" : "Something went wrong"}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? "The product you're looking for doesn't exist or has been removed."
          : "We could not load this product. Please try again."}
      </p>
      <Button asChild>
        <Link to="/products">Back to Products</Link>
      </Button>
    </div>
  );
}
