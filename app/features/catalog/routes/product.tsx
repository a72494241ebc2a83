import { useState } from "react";
import { data, isRouteErrorResponse, Link, useNavigate, useRouteError } from "react-router";
import { Button } from "~/ui/button";
import { photoForColor, productCartLine } from "~/features/catalog/catalog";
import { imageAttrs, imageUrl } from "~/shared/images";
import { offeredSizes, productLinePrice } from "~/features/catalog/product-pricing";
import { type ProductSizeId } from "~/features/sign-options/product-options";
import { cart } from "~/features/cart/ui/cart-store";
import { imageBaseOf, useImageBase } from "~/ui/image-base";
import { pageMeta } from "~/ui/seo";
import { getActiveProduct, listSimilarProducts } from "~/features/catalog/catalog.server";
import type { Route } from "./+types/product";
import { ProductAbout } from "~/features/catalog/ui/product-about";
import { ProductBreadcrumb } from "~/features/catalog/ui/product-breadcrumb";
import { ProductHeading } from "~/features/catalog/ui/product-heading";
import { SimilarProducts } from "~/features/catalog/ui/similar-products";
import { ProductFaq } from "~/features/catalog/ui/product-faq-section";
import { ProductGallery } from "~/features/catalog/ui/product-gallery";
import { type ProductChoices, ProductOptions } from "~/features/catalog/ui/product-options";
import { ProductJsonLd } from "~/features/catalog/ui/product-json-ld";
import { ProductPromises } from "~/features/catalog/ui/product-promises";
import { AskOnWhatsApp, ProductFactsSection } from "~/features/catalog/ui/product-facts-section";
import { productFacts, stockRule } from "~/features/catalog/product-facts";
import { DEFAULT_DESCRIPTION, sizeOffers } from "~/features/catalog/product-offers";
import { todayInIndia } from "~/shared/ist-dates";
import type { StoreSettings } from "~/features/settings/store";
import { PinDelivery } from "~/features/couriers/ui/pin-delivery";
import { productReviews } from "~/features/reviews/review-reads.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { ProductReviews } from "~/features/reviews/ui/product-reviews";

export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await getActiveProduct(params.id);
  if (!product) throw data(null, { status: 404 });
  const similar = await listSimilarProducts(product);
  // Published reviews only, one page of them as the URL asks (?sort=&stars=&page=).
  const reviews = await productReviews(product.id, new URL(request.url).searchParams);
  // The shop's product facts for what this product does not say itself (settings, issue 32).
  const { productFacts: factDefaults, shipping } = await shopSettings();
  // Each size's offer as the product feeds give it (issue 46); ?size= opens the page at a feed item's size.
  const offers = sizeOffers(product, shipping, todayInIndia());
  const asked = new URL(request.url).searchParams.get("size");
  const openSize = offers.find((o) => o.size === asked)?.size ?? null;
  return { product, similar, reviews, factDefaults, offers, openSize };
}

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
    image: img
      ? imageUrl(img.imageKey, imageAttrs(img, 1280, imageBaseOf(matches)).width, imageBaseOf(matches))
      : undefined,
    type: "product",
  });
};

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  // A new product (e.g. a click on a similar product) starts again from the default choices.
  return <ProductView key={loaderData.product.id} {...loaderData} matches={matches} />;
}

function ProductView({
  product,
  similar,
  reviews,
  factDefaults,
  offers,
  openSize,
  matches,
}: Route.ComponentProps["loaderData"] & { matches: Route.ComponentProps["matches"] }) {
  const navigate = useNavigate();
  const imageBase = useImageBase();
  const sizes = offeredSizes(product);
  const defaultSize: ProductSizeId =
    openSize ?? (sizes.some((s) => s.id === "M") ? "M" : (sizes[0]?.id ?? "M"));
  const [choices, setChoices] = useState<ProductChoices>({
    size: defaultSize,
    color: product.defaultColor,
    productType: "Standard",
    brightness: false,
  });
  const { size, color, productType, brightness } = choices;

  const chosen = sizes.find((s) => s.id === size) ?? sizes[0];
  const { price, mrp } = (chosen && productLinePrice(product, chosen.id, brightness)) ?? {
    price: product.mediumPrice,
    mrp: product.mediumMrp,
  };
  // Sold out, or made to order with its later date (the owner's choice, issue 27).
  const stock = stockRule(product);
  const facts = productFacts(product.facts, factDefaults);
  const inStock = product.stockQuantity > 0;
  const orderable = stock.orderable;
  const root = matches.find((m) => m?.id === "root")?.loaderData as { store: StoreSettings } | undefined;
  const store = root?.store ?? null;
  const base = store?.publicUrl ?? "";

  function addToCart() {
    // The photo of the sign in the chosen colour; none ("") when no photo shows it: the cart shows the colour.
    const photo = photoForColor(product.images, color);
    const line = productCartLine(
      product,
      { size: chosen?.id ?? size, color, brightnessController: brightness, productType },
      photo ? imageAttrs(photo, 320, imageBase).src : "",
      Date.now(),
    );
    if (!line) return;
    cart.add(line);
    // The toast's buttons load with the toaster, not with the page.
    void import("~/features/cart/ui/added-to-cart-toast").then((m) =>
      m.toastAddedToCart(`${product.name} has been added to your cart.`, () => void navigate("/checkout")),
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-8">
      <ProductJsonLd
        product={product}
        description={product.description ?? DEFAULT_DESCRIPTION}
        offer={offers.find((o) => o.size === defaultSize)}
        facts={facts}
        size={defaultSize}
        base={base}
        storeName={root?.store.name}
        reviews={reviews.reviews}
      />
      <ProductBreadcrumb name={product.name} />

      <div className="grid gap-10 lg:grid-cols-2">
        <ProductGallery name={product.name} images={product.images} color={color} />

        <div className="space-y-6">
          <ProductHeading
            product={product}
            inStock={inStock}
            madeToOrder={stock.madeToOrder}
            price={price}
            mrp={mrp}
            description={product.description || DEFAULT_DESCRIPTION}
          />

          <ProductOptions
            sizes={sizes}
            sizesCm={facts.sizesCm}
            choices={choices}
            onChange={(next) => setChoices((c) => ({ ...c, ...next }))}
          />

          <Button size="lg" className="w-full text-base" disabled={!orderable || !chosen} onClick={addToCart}>
            {orderable ? "ADD TO CART" : "OUT OF STOCK"}
          </Button>
          {stock.madeToOrder ? (
            <p className="text-sm text-muted-foreground" data-testid="made-to-order">
              Made to order: we make this sign for you, so it ships {stock.extraDays} business days later than
              a sign in stock. The dates below include them.
            </p>
          ) : null}

          {/* Sold out: no delivery date is promised (issue 42). */}
          {orderable ? (
            <PinDelivery custom={false} extraDays={stock.madeToOrder ? stock.extraDays : 0} />
          ) : null}

          {store?.whatsapp ? (
            <AskOnWhatsApp
              whatsapp={store.whatsapp}
              name={product.name}
              url={`${base}/products/${product.id}`}
            />
          ) : null}

          <ProductPromises />
        </div>
      </div>

      <ProductFactsSection
        facts={product.facts}
        defaults={factDefaults}
        sizes={sizes}
        chosen={chosen?.id}
        store={store}
      />

      <ProductAbout />

      <ProductReviews data={reviews} />

      <ProductFaq />

      {similar.length > 0 && <SimilarProducts products={similar} />}
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
