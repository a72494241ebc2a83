import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { ErrorPageBody } from "~/ui/error-page";
import { SiteFooter } from "~/features/storefront/ui/site-footer";
import { SiteHeader } from "~/features/storefront/ui/site-header";
import { ToastHost } from "~/ui/toast-host";
import { useCart } from "~/features/cart/ui/cart-store";
import { useClientNavigation } from "~/ui/client-navigation";
import { useLiveCatalogue } from "~/features/storefront/ui/live-catalogue";
import type { loader as rootLoader } from "~/root";

type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;

// The drawer (and its dialog code) loads the first time the cart is opened, not with every page.
const CartDrawer = lazy(() =>
  import("~/features/checkout/ui/cart-drawer").then((m) => ({ default: m.CartDrawer })),
);

export default function ShopLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  const { isOpen } = useCart();
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (isOpen && !drawerLoaded) setDrawerLoaded(true);
  // The spec: the page scrolls to the top on every path change.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Catalogue changes made in the admin reach open catalogue pages without a reload.
  useLiveCatalogue(pathname);
  // Repeated links (product cards, header, footer, categories) are plain links; this navigates them in the app.
  useClientNavigation();
  if (!root) return null;
  return (
    <ShopChrome root={root}>
      <Outlet />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
      <ToastHost />
    </ShopChrome>
  );
}

/** The shop's header, main area and footer around a page. */
function ShopChrome({ root, children }: { root: RootData; children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <SiteHeader storeName={root.store.name} />
      <main id="main" className="min-h-[60vh] pt-16">
        {children}
      </main>
      <SiteFooter store={root.store} year={root.year} />
    </>
  );
}

/**
 * A shop page that failed (its loader threw, or it broke while rendering) is shown inside the shop's header
 * and footer, so the shopper can go on from there. Without the root's data (the failure is the root's) the
 * root's own error page shows instead.
 */
export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const error = useRouteError();
  if (!root) throw error;
  return (
    <ShopChrome root={root}>
      <ErrorPageBody
        error={error}
        className="mx-auto flex max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      />
    </ShopChrome>
  );
}
