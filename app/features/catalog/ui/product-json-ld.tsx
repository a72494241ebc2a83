import { absoluteUrl, imageAttrs, imageUrl, type ImageWithAlt } from "~/shared/images";
import { useImageBase } from "~/ui/image-base";
import type { productFacts } from "~/features/catalog/product-facts";
import type { ProductSizeId } from "~/features/sign-options/product-options";
import { offerJsonLd, productOfferPath, type SizeOffer } from "~/features/catalog/product-offers";

type JsonLdProduct = {
  id: string;
  name: string;
  categoryName: string | null;
  rating: number;
  reviewCount: number;
  images: ImageWithAlt[];
};

/** A published review as the page shows it (JSON-LD must match the page). */
type JsonLdReview = {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  publishedAt: Date | string;
};

/** A weight written as "1.2 kg" as schema.org's value; other wordings (a range) are left out. */
function kilograms(text: string) {
  const m = /^\s*(?:about\s+)?(\d+(?:\.\d+)?)\s*kg\s*$/i.exec(text);
  return m ? { "@type": "QuantitativeValue", value: Number(m[1]), unitCode: "KGM" } : undefined;
}

function jsonLd(value: unknown): string {
  // Keep "</script>" and friends out of the inline JSON.
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/**
 * The product page's structured data (Product with its offer, and the breadcrumb), for search engines. The offer
 * is the size the page opened with, as the product feeds give it (product-offers.ts: price, availability,
 * shipping, return policy), at the feed item's link.
 */
export function ProductJsonLd({
  product,
  description,
  offer,
  facts,
  size,
  base,
  storeName,
  reviews = [],
}: {
  product: JsonLdProduct;
  description: string;
  /** The offer of the size the page opened with; none when the product is offered in no size. */
  offer: SizeOffer | undefined;
  /** The product's facts with the shop's defaults (size in cm, origin, weight). */
  facts: ReturnType<typeof productFacts>;
  /** The size shown first: its width and height are the product's. */
  size: ProductSizeId;
  base: string;
  storeName: string | undefined;
  /** The published reviews shown on the page (only with an aggregate rating: never made-up stars). */
  reviews?: JsonLdReview[];
}) {
  const imageBase = useImageBase();
  const structured = [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      description,
      sku: product.id,
      category: product.categoryName ?? undefined,
      // Absolute addresses: the bucket's public address or CDN when images are served from there.
      image: product.images.map((i) =>
        absoluteUrl(imageUrl(i.imageKey, imageAttrs(i, 1280, imageBase).width, imageBase), base),
      ),
      brand: { "@type": "Brand", name: storeName ?? "NeonLights" },
      width: { "@type": "QuantitativeValue", value: facts.sizesCm[size].w, unitCode: "CMT" },
      height: { "@type": "QuantitativeValue", value: facts.sizesCm[size].h, unitCode: "CMT" },
      weight: kilograms(facts.weight),
      countryOfOrigin: { "@type": "Country", name: facts.countryOfOrigin },
      aggregateRating:
        product.reviewCount > 0
          ? { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviewCount }
          : undefined,
      review:
        product.reviewCount > 0 && reviews.length > 0
          ? reviews.map((r) => ({
              "@type": "Review",
              name: r.title,
              reviewBody: r.body,
              datePublished: new Date(r.publishedAt).toISOString().slice(0, 10),
              author: { "@type": "Person", name: r.authorName },
              reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            }))
          : undefined,
      offers: offer
        ? offerJsonLd(offer, {
            page: `${base}${productOfferPath(product.id, offer.size)}`,
            returnPolicy: `${base}/return-policy`,
          })
        : undefined,
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
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />;
}
