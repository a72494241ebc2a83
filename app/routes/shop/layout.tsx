import { useEffect } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { CartDrawer } from "~/components/cart-drawer";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/ui/sonner";
import { useLiveCatalogue } from "~/lib/live-catalogue";
import type { loader as rootLoader } from "~/root";

export default function ShopLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  // The spec: the page scrolls to the top on every path change.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Catalogue changes made in the admin reach open catalogue pages without a reload.
  useLiveCatalogue(pathname);
  if (!root) return null;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2">
        Skip to content
      </a>
      <SiteHeader storeName={root.store.name} />
      <main id="main" className="min-h-[60vh] pt-16">
        <Outlet />
      </main>
      <SiteFooter store={root.store} year={root.year} />
      <CartDrawer />
      <Toaster />
    </>
  );
}
