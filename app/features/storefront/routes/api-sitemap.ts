import { sitemapXml } from "~/features/storefront/sitemap";
import { listSitemapProducts } from "~/features/catalog/catalog.server";
import { loadStoreSettings } from "~/features/settings/store-settings.server";

export async function loader() {
  const xml = sitemapXml((await loadStoreSettings()).publicUrl, await listSitemapProducts());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
