import { useLiveRevalidate } from "~/ui/use-live-revalidate";

/** The catalogue tables whose changes storefront pages show (the public stream carries only these names). */
export const CATALOGUE_TABLES = [
  "products",
  "product_images",
  "categories",
  "bestselling_products",
  "banners",
  // Published, withdrawn or answered reviews (issue 29): the product page's list, home's photos and testimonials.
  "reviews",
] as const;

/** The shop settings (store details, shipping rules): every storefront page shows some of them. */
export const SETTINGS_TABLE = "shop_settings";

/** Storefront pages that show the catalogue: home (bestsellers), the products list (and its offers), product pages. */
export function showsCatalogue(pathname: string): boolean {
  return pathname === "/" || pathname === "/products" || /^\/products\/[^/]+\/?$/.test(pathname);
}

/** The tables whose changes reload a storefront page: the settings everywhere, the catalogue where shown. */
export function liveTables(pathname: string): readonly string[] {
  return showsCatalogue(pathname) ? [...CATALOGUE_TABLES, SETTINGS_TABLE] : [SETTINGS_TABLE];
}

/**
 * Reloads the page's data when the admin changes the catalogue (on catalogue pages) or the shop settings
 * (on every page): one event stream per tab, fed by PostgreSQL NOTIFY.
 */
export function useLiveCatalogue(pathname: string) {
  return useLiveRevalidate({ url: "/api/events", tables: liveTables(pathname) });
}
