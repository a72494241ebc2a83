import { cachedShopSettings, shopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { givePlatformPorts } from "~/platform/ports.server";

/**
 * Give the platform what it needs from the features (app/platform/ports.server.ts). Every entry calls it once
 * after the environment is set: the server (server/main.ts), the commands (server/cli-db.ts) and the tests.
 */
export function wirePlatform(): void {
  givePlatformPorts({
    mailSender: () => {
      const s = storeSettings();
      return { name: s.name, email: s.email };
    },
    // The database being down is reported by the request itself (as in consume()).
    checkoutRatePerHour: async () =>
      (await shopSettings().catch(() => cachedShopSettings())).limits.checkoutRatePerHour,
  });
}
