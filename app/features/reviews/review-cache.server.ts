import { eventListenerConnected, subscribe } from "~/platform/events.server";

/*
 * This instance's copy of the storefront's review reads (a product's reviews page, the customer-photo strips).
 * The reviews table announces every change on catalog_changes (migration 0022's trigger), as products do (a
 * renamed product in a strip): any catalogue announcement, or a resync after the listener reconnected, drops the
 * whole copy, so a published, rejected or withdrawn review shows at once on every instance. While the listener is
 * not connected nothing is kept (the catalogue cache's rule, decision 022).
 */

const MAX_ENTRIES = 300;
const entries = new Map<string, Promise<unknown>>();

subscribe((e) => {
  if (e.channel !== "order_changes") entries.clear();
});

/** The value of `load()` for `key`, shared until the next catalogue change. A failed read is not kept. */
export function cachedReviewRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!eventListenerConnected()) {
    entries.clear();
    return load();
  }
  const found = entries.get(key);
  if (found) {
    entries.delete(key);
    entries.set(key, found);
    return found as Promise<T>;
  }
  const promise = load();
  promise.catch(() => {
    if (entries.get(key) === promise) entries.delete(key);
  });
  entries.set(key, promise);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return promise;
}
