// The storefront's performance budgets (docs/architecture.md, issue 33), one list for both benchmarks:
//   npm run bench:lighthouse  checks the Lighthouse medians of each page below and exits 1 when one is missed;
//   npm run bench:bundles     checks the JavaScript bytes each page's first view downloads (exact, from the
//                             build) and exits 1 when one is over or loads zod or sonner up front.
//
// page      what bench:lighthouse measures ("product": the first product in the sitemap; "#cart": a filled cart)
// route     the route id in React Router's manifest, for bench:bundles
// scores    minimum Lighthouse scores (median of the runs)
// jsKB      most JavaScript over the wire, KB (Lighthouse's transfer size; bench:bundles: the brotli copies
//           the server sends, which are what goes over the wire less the response headers)
// noZod     the first view must not load zod or sonner (they come on first use)
const PUBLIC = { performance: 95, accessibility: 100, "best-practices": 90, seo: 100 };

export const PAGE_BUDGETS = [
  { page: "/", route: "features/catalog/routes/home", scores: PUBLIC, jsKB: 140, noZod: true },
  { page: "/products", route: "features/catalog/routes/products", scores: PUBLIC, noZod: true },
  { page: "product", route: "features/catalog/routes/product", scores: PUBLIC, noZod: true },
  { page: "/contact", route: "features/storefront/routes/contact", scores: PUBLIC, noZod: true },
  { page: "/return-policy", route: "features/storefront/routes/return-policy", scores: PUBLIC, noZod: true },
  { page: "/customize", route: "features/customizer/routes/customize", scores: PUBLIC, noZod: true },
  // The checkout is noindex on purpose (is-crawlable fails): no SEO score asked.
  {
    page: "/checkout#cart",
    route: "features/checkout/routes/checkout",
    scores: { performance: 95, accessibility: 100, "best-practices": 90 },
    noZod: true,
  },
];

/** The budget of a page as bench:lighthouse names it, or undefined for a page without one. */
export function budgetOf(page, productPath) {
  return PAGE_BUDGETS.find((b) => b.page === page || (b.page === "product" && page === productPath));
}
