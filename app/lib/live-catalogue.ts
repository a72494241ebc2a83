import { useLiveRevalidate } from "~/lib/use-live-revalidate";

/** The catalogue tables whose changes storefront pages show (the public stream carries only these names). */
export const CATALOGUE_TABLES = [
  "products",
  "product_images",
  "categories",
  "bestselling_products",
  "banners",
] as const;

/** Storefront pages that show the catalogue: home (bestsellers), the products list (and its offers), product pages. */
export function showsCatalogue(pathname: string): boolean {
  return pathname === "/" || pathname === "/products" || /^\/products\/[^/]+\/?$/.test(pathname);
}

/**
 * Reloads the page's data when the admin changes the catalogue, while a catalogue page is open: one event
 * stream per tab (kept across navigations between catalogue pages), fed by PostgreSQL NOTIFY.
 */
export function useLiveCatalogue(pathname: string) {
  return useLiveRevalidate({
    url: "/api/events",
    tables: CATALOGUE_TABLES,
    enabled: showsCatalogue(pathname),
  });
}
