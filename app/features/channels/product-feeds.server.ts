import crypto from "node:crypto";
import { cachedCatalogRead } from "~/features/catalog/catalog-cache.server";
import { listFeedProducts } from "~/features/catalog/catalog.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { feedPublished, type FeedKind } from "~/features/settings/feed-settings";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { env } from "~/platform/env.server";
import { todayInIndia } from "~/shared/ist-dates";
import { feedItems, googleFeedXml, metaFeedCsv, type FeedContext } from "~/features/channels/product-feeds";

/*
 * The product feeds as served (issue 46, decision 064): built once and kept in the catalogue cache, which every
 * change to products, stock, photos, categories or settings drops on every instance (decision 022). A day's
 * change of made-to-order dates starts a new copy (today is in the key).
 */

export type BuiltFeed = { body: string; etag: string; items: number };

const BUILDERS: Record<FeedKind, (items: ReturnType<typeof feedItems>, ctx: FeedContext) => string> = {
  google: googleFeedXml,
  meta: metaFeedCsv,
};

async function buildFeed(kind: FeedKind, today: string): Promise<BuiltFeed> {
  const settings = await shopSettings();
  const ctx: FeedContext = {
    publicUrl: env().PUBLIC_URL.replace(/\/+$/, ""),
    imageBase: publicImageBase(),
    storeName: settings.store.name,
    shipping: settings.shipping,
    today,
  };
  const items = feedItems(await listFeedProducts(), ctx);
  const body = BUILDERS[kind](items, ctx);
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, etag, items: items.length };
}

/** The feed as published now, or null when the owner has not turned it on (Settings > Product feeds). */
export async function productFeed(kind: FeedKind): Promise<BuiltFeed | null> {
  const settings = await shopSettings();
  if (!feedPublished(settings.feeds, kind)) return null;
  const today = todayInIndia();
  return cachedCatalogRead(`feed:${kind}:${today}`, () => buildFeed(kind, today));
}
