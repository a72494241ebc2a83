import { robotsTxt } from "~/features/storefront/sitemap";
import { storeSettings } from "~/features/settings/store-settings.server";

export function loader() {
  return new Response(robotsTxt(storeSettings().publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
