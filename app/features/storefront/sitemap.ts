/** Public pages every sitemap lists, besides one entry per active product. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/products",
  "/customize",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/return-policy",
  "/shipping-info",
  "/review-policy",
] as const;

/** Paths search engines are asked to keep out of. */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/checkout",
  "/order-confirmation",
  "/api/",
  // Private review links (/review/<token>); "/review-policy" stays open.
  "/review/",
] as const;

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export function sitemapXml(base: string, products: Array<{ id: string; updatedAt: Date }>): string {
  const urls = [
    ...STATIC_SITEMAP_PATHS.map((p) => `  <url><loc>${xmlEscape(base + p)}</loc></url>`),
    ...products.map(
      (p) =>
        `  <url><loc>${xmlEscape(`${base}/products/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
