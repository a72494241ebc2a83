import { shopNotRegisteredForGst } from "~/features/settings/gst-registration.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import type { WorkshopSettings } from "~/features/settings/workshop-settings";

/** What costing needs besides the orders: the workshop's prices and how the shop's GST is charged. */
export type CostContext = {
  workshop: WorkshopSettings;
  shop: { gstin: string | null; gstRatePercent: number; notRegistered: boolean };
};

export async function costContext(): Promise<CostContext> {
  const { settings } = await loadShopSettings();
  const gstin = settings.legal.gstin;
  return {
    workshop: settings.workshop,
    shop: {
      gstin,
      gstRatePercent: settings.legal.gstRate,
      notRegistered: !gstin && (await shopNotRegisteredForGst()),
    },
  };
}
