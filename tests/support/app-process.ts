// Kept for the tests written against this module's names: everything lives in shop-process.mjs.
import { startShop, type ShopProcess, type StartShopOptions } from "./shop-process.mjs";

export {
  embeddedClient,
  embeddedDatabaseUrl,
  embeddedPostgresAddress,
  freePort,
  freshDataDir,
  startShop,
  type ShopProcess,
  type StartShopOptions,
} from "./shop-process.mjs";

export type AppProcess = ShopProcess;

/** Start the built shop (`node scripts/start.mjs`) with the given environment; see startShop. */
export function startApp(env: Record<string, string>, options: StartShopOptions = {}): Promise<AppProcess> {
  return startShop(env, options);
}
