import { eventListenerConnected, subscribe } from "~/platform/events.server";

/*
 * This instance's copy of the storefront's catalogue reads (product lists, product pages, categories,
 * bestsellers, banners). Every change to the catalogue (products, stock, images, categories, bestsellers,
 * banners, codes, offers, settings) and every order change is announced by the database's NOTIFY triggers
 * (app/platform/events.server.ts); any announcement drops the whole copy at once, on every instance.
 *
 * While this instance is not listening (not started yet, or the LISTEN connection is down), nothing is
 * kept: every read goes to the database, so a missed announcement can never leave a stale page. The
 * listener's `resync` after a reconnect drops the copy too. Decision 022.
 */

/** Different filters (search words) make different keys; past this many the oldest are dropped. */
export const MAX_CATALOG_CACHE_ENTRIES = 500;

type Entry = { promise: Promise<unknown> };
const entries = new Map<string, Entry>();
const counters = { hits: 0, misses: 0, invalidations: 0 };

/** Forget every cached catalogue read (a change was announced, or a caller knows it wrote one). */
export function invalidateCatalogCache(): void {
  entries.clear();
  counters.invalidations++;
}

subscribe(() => invalidateCatalogCache());

/**
 * The value of `load()` for `key`, shared with every request asking for the same key until the next
 * change is announced. Concurrent first requests share one database read. A failed read is not kept.
 */
export function cachedCatalogRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!eventListenerConnected()) {
    // Whatever was kept may have missed announcements: forget it.
    if (entries.size) entries.clear();
    counters.misses++;
    return load();
  }
  const found = entries.get(key);
  if (found) {
    counters.hits++;
    // Most recently used last, so the oldest entries are the ones dropped when the map is full.
    entries.delete(key);
    entries.set(key, found);
    return found.promise as Promise<T>;
  }
  counters.misses++;
  const entry: Entry = { promise: load() };
  entry.promise.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  entries.set(key, entry);
  while (entries.size > MAX_CATALOG_CACHE_ENTRIES) {
    const oldest = entries.keys().next().value as string;
    entries.delete(oldest);
  }
  return entry.promise as Promise<T>;
}

/** Hits, misses and invalidations since start, and the number of reads kept (for tests and logs). */
export function catalogCacheStats() {
  return { ...counters, entries: entries.size };
}
