import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProductJsonLd } from "~/features/catalog/ui/product-json-ld";
import { catalogCacheStats } from "~/features/catalog/catalog-cache.server";
import { productImages, products } from "~/features/catalog/tables.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { offeredSizes } from "~/features/catalog/product-pricing";
import { META_COLUMNS } from "~/features/channels/product-feeds";
import * as googleFeedRoute from "~/features/channels/routes/api-google-feed";
import * as metaFeedRoute from "~/features/channels/routes/api-meta-feed";
import * as productRoute from "~/features/catalog/routes/product";
import { db } from "~/platform/db/client.server";
import { setEnv } from "~/platform/env.server";
import { startEventListener, stopEventListener, subscribe } from "~/platform/events.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { makeCategory, makeProduct } from "../support/checkout-fixtures";
import { parseCsv } from "../support/csv-rows";
import { outcome, routeArgs } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";
import { childrenNamed, readXml, type XmlElement } from "../support/xml-tree";

// The product feeds (issue 46): Google's RSS 2.0 item by item, Meta's CSV columns, hostile names, only active
// products, on and off in the settings, the cache dropped by a catalogue change, the rate limit, and the product
// page's structured data agreeing with the feed.

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN });
let admin: AdminSession;
let hostileId = "";
let madeToOrderId = "";
let hiddenId = "";
const HOSTILE = `Tom & Jerry's "Bar" </title><script>alert(1)</script> ]]> <![CDATA[x]]> &amp; \u0007`;

beforeAll(async () => {
  await seedDemoCatalogue(db());
  admin = await adminSession("feeds-owner@example.com");
  const category = await makeCategory("Feeds");
  const withPhoto = async (over: Parameters<typeof makeProduct>[1]) => {
    const p = await makeProduct(category, over);
    await db()
      .insert(productImages)
      .values({
        productId: p.id,
        imageKey: `feed${p.id.slice(0, 8)}`,
        width: 1600,
        height: 1200,
        displayOrder: 1,
      });
    return p.id;
  };
  hostileId = await withPhoto({ name: HOSTILE, description: HOSTILE });
  madeToOrderId = await withPhoto({ stockQuantity: 0, whenSoldOut: "made-to-order", madeToOrderDays: 4 });
  hiddenId = await withPhoto({ isActive: false });
}, 60_000);
beforeEach(() => setEnv(t.env));
afterAll(async () => {
  await stopEventListener();
});

let network = 0;
/** A feed fetched from its own network each time (the rate limit has its own test). */
const fetchFeed = (
  route: typeof googleFeedRoute | typeof metaFeedRoute,
  path: string,
  ip = `198.51.100.${++network}`,
  headers = {},
) => outcome(() => route.loader(routeArgs(shopRequest(path, { headers }), {}, { clientIp: ip }) as never));

async function setFeeds(google: "on" | "off", meta: "on" | "off") {
  const { settings, version } = await loadShopSettings();
  expect((await saveShopSettings({ ...settings, feeds: { google, meta } }, admin.actor, version)).ok).toBe(
    true,
  );
}

const text = (item: XmlElement, name: string) => childrenNamed(item, name).map((c) => c.text);
const one = (item: XmlElement, name: string) => {
  const found = text(item, name);
  expect(found, name).toHaveLength(1);
  expect(found[0]!.trim(), name).not.toBe("");
  return found[0]!;
};
const PRICE = /^[0-9]+\.[0-9]{2} INR$/;

async function googleItems(): Promise<XmlElement[]> {
  const r = await fetchFeed(googleFeedRoute, "/feeds/google.xml");
  expect(r.status).toBe(200);
  const rss = readXml(r.body as string);
  expect(rss.name).toBe("rss");
  expect(rss.attrs.version).toBe("2.0");
  expect(rss.attrs["xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  const channels = childrenNamed(rss, "channel");
  expect(channels).toHaveLength(1);
  for (const name of ["title", "link", "description"]) one(channels[0]!, name);
  return childrenNamed(channels[0]!, "item");
}

describe("the product feeds", () => {
  it("are not published until the owner turns them on", async () => {
    expect((await fetchFeed(googleFeedRoute, "/feeds/google.xml")).status).toBe(404);
    expect((await fetchFeed(metaFeedRoute, "/feeds/meta.csv")).status).toBe(404);
    await setFeeds("on", "off");
    expect((await fetchFeed(googleFeedRoute, "/feeds/google.xml")).status).toBe(200);
    expect((await fetchFeed(metaFeedRoute, "/feeds/meta.csv")).status).toBe(404);
    await setFeeds("on", "on");
  });

  it("Google's: every item of the RSS 2.0 has Google's required attributes, one per active product and size", async () => {
    const items = await googleItems();
    const active = await db().select().from(products).where(eq(products.isActive, true));
    const expected = active.flatMap((p) => offeredSizes(p).map((s) => `${p.id}-${s.id}`));
    const ids = items.map((i) => one(i, "g:id"));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(expected.sort());
    expect(ids.some((id) => id.startsWith(hiddenId))).toBe(false);
    for (const item of items) {
      const id = one(item, "g:id");
      expect(id.length).toBeLessThanOrEqual(50);
      expect(one(item, "g:item_group_id")).toBe(id.slice(0, 36));
      expect(one(item, "title").length).toBeLessThanOrEqual(150);
      expect(one(item, "description").length).toBeLessThanOrEqual(5000);
      expect(one(item, "link")).toBe(`${ORIGIN}/products/${id.slice(0, 36)}?size=${id.slice(37)}`);
      expect(one(item, "g:image_link")).toMatch(
        /^http:\/\/shop\.test\/uploads\/[A-Za-z0-9_-]+\/[0-9]+\.webp$/,
      );
      expect(text(item, "g:additional_image_link").length).toBeLessThanOrEqual(10);
      expect(one(item, "g:price")).toMatch(PRICE);
      for (const sale of text(item, "g:sale_price")) {
        expect(sale).toMatch(PRICE);
        expect(parseFloat(sale)).toBeLessThan(parseFloat(one(item, "g:price")));
      }
      const availability = one(item, "g:availability");
      expect(["in_stock", "out_of_stock", "backorder"]).toContain(availability);
      if (availability === "backorder")
        expect(one(item, "g:availability_date")).toMatch(/^\d{4}-\d{2}-\d{2}T00:00\+0530$/);
      expect(one(item, "g:condition")).toBe("new");
      one(item, "g:brand");
      expect(one(item, "g:identifier_exists")).toBe("no");
      const [shipping] = childrenNamed(item, "g:shipping");
      expect(one(shipping!, "g:country")).toBe("IN");
      expect(one(shipping!, "g:price")).toMatch(PRICE);
      for (const n of [
        "g:min_handling_time",
        "g:max_handling_time",
        "g:min_transit_time",
        "g:max_transit_time",
      ])
        expect(one(shipping!, n)).toMatch(/^[0-9]+$/);
      expect(one(item, "g:return_policy_label")).toBe("ready-made-7-days");
    }
    // Stock decides availability; the made-to-order product's items are Google's backorder.
    const made = items.filter((i) => one(i, "g:id").startsWith(madeToOrderId));
    expect(made.map((i) => one(i, "g:availability"))).toEqual(["backorder", "backorder"]);
    // The hostile name is plain text in the title.
    const hostile = items.find((i) => one(i, "g:id") === `${hostileId}-M`)!;
    expect(one(hostile, "title")).toBe(`${HOSTILE.replace("\u0007", "").trim()} - Medium (1ft x 1ft)`);
  });

  it("Meta's: every required column, one row per Google item, prices in INR", async () => {
    const google = (await googleItems()).map((i) => one(i, "g:id"));
    const r = await fetchFeed(metaFeedRoute, "/feeds/meta.csv");
    expect(r.status).toBe(200);
    const [header, ...rows] = parseCsv(r.body as string);
    expect(header).toEqual([...META_COLUMNS]);
    const required = [
      "id",
      "title",
      "description",
      "availability",
      "condition",
      "price",
      "link",
      "image_link",
      "brand",
    ];
    for (const row of rows) {
      expect(row).toHaveLength(header!.length);
      const cell = Object.fromEntries(header!.map((h, i) => [h, row[i]!]));
      for (const c of required) expect(cell[c], c).not.toBe("");
      expect(["in stock", "out of stock", "available for order"]).toContain(cell.availability);
      expect(cell.price).toMatch(PRICE);
      expect(cell.item_group_id).toBe(cell.id!.slice(0, 36));
    }
    expect(rows.map((row) => row[0]).sort()).toEqual(google.sort());
  });

  it("agree with the product page's structured data: price, availability, shipping, return policy", async () => {
    const items = await googleItems();
    for (const id of [`${madeToOrderId}-S`, `${hostileId}-M`]) {
      const item = items.find((i) => one(i, "g:id") === id)!;
      const [productId, size] = [id.slice(0, 36), id.slice(37)];
      const page = await outcome(() =>
        productRoute.loader(
          routeArgs(shopRequest(`/products/${productId}?size=${size}`), { id: productId }) as never,
        ),
      );
      const body = page.body as { product: never; offers: { size: string }[]; openSize: string };
      expect(body.openSize).toBe(size);
      const html = renderToStaticMarkup(
        createElement(ProductJsonLd, {
          product: body.product,
          description: "d",
          offer: body.offers.find((o) => o.size === size),
          size,
          facts: {
            sizesCm: Object.fromEntries(["S", "M", "L", "XL"].map((k) => [k, { w: 1, h: 1 }])),
            weight: "",
            countryOfOrigin: "India",
          },
          base: ORIGIN,
          storeName: "Shop",
        } as never),
      );
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)![1]!)[0];
      const offer = ld.offers;
      const paid = parseFloat(text(item, "g:sale_price")[0] ?? one(item, "g:price"));
      expect(offer.sku).toBe(id);
      expect(offer.url).toBe(one(item, "link"));
      expect(offer.price).toBe(paid);
      expect(offer.availability).toBe(
        `https://schema.org/${{ in_stock: "InStock", backorder: "BackOrder", out_of_stock: "OutOfStock" }[one(item, "g:availability")]}`,
      );
      const [shipping] = childrenNamed(item, "g:shipping");
      expect(offer.shippingDetails.shippingRate.value).toBe(parseFloat(one(shipping!, "g:price")));
      expect(offer.shippingDetails.deliveryTime.handlingTime.maxValue).toBe(
        Number(one(shipping!, "g:max_handling_time")),
      );
      expect(offer.shippingDetails.deliveryTime.transitTime.maxValue).toBe(
        Number(one(shipping!, "g:max_transit_time")),
      );
      expect(offer.hasMerchantReturnPolicy).toMatchObject({ applicableCountry: "IN", merchantReturnDays: 7 });
    }
  });

  it("are kept until the catalogue changes, and answer 304 to a reader who has this copy", async () => {
    await startEventListener(t.url);
    const first = await fetchFeed(googleFeedRoute, "/feeds/google.xml");
    const hits = catalogCacheStats().hits;
    const again = await fetchFeed(googleFeedRoute, "/feeds/google.xml");
    expect(again.body).toBe(first.body);
    expect(catalogCacheStats().hits).toBe(hits + 1);

    const call = (headers: Record<string, string> = {}) =>
      googleFeedRoute.loader(
        routeArgs(shopRequest("/feeds/google.xml", { headers }), {}, { clientIp: "192.0.2.77" }) as never,
      ) as Promise<Response>;
    const full = await call();
    const etag = full.headers.get("ETag")!;
    expect(full.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(full.headers.get("Cache-Control")).toBe("public, max-age=900");
    expect((await call({ "If-None-Match": etag })).status).toBe(304);
    const announced = new Promise<void>((resolve) => {
      const stop = subscribe((e) => {
        if (e.table === "products") {
          stop();
          resolve();
        }
      });
    });
    await db().update(products).set({ mediumPrice: 2222, mediumMrp: 2222 }).where(eq(products.id, hostileId));
    await announced;
    const items = await googleItems();
    const hostile = items.find((i) => one(i, "g:id") === `${hostileId}-M`)!;
    expect(one(hostile, "g:price")).toBe("2222.00 INR");
    expect(text(hostile, "g:sale_price")).toEqual([]);
    // The changed feed is a new copy: the old ETag gets the whole feed again.
    expect((await call({ "If-None-Match": etag })).status).toBe(200);
  });

  it("are rate-limited per client network", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 30; i++)
      expect((await fetchFeed(metaFeedRoute, "/feeds/meta.csv", ip)).status).toBe(200);
    const refused = await fetchFeed(googleFeedRoute, "/feeds/google.xml", ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(/try again/i);
  });
});
