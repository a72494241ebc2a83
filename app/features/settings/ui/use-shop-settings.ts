import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * The shop settings every storefront page may show (the root loader's fresh copy: store details, legal
 * details, grievance officer, shipping rules); null only outside the app's root route.
 */
export function useShopSettings() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root
    ? {
        store: root.store,
        shipping: root.shipping,
        version: root.settingsVersion,
        cartReminders: root.cartReminders,
      }
    : null;
}
