import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProductJsonLd } from "~/features/catalog/ui/product-json-ld";
import { moderateReview } from "~/features/reviews/review-moderation.server";
import { productReviews } from "~/features/reviews/review-reads.server";
import { loadReviewPage, submitReview, withdrawReview } from "~/features/reviews/reviews.server";
import { getActiveProduct } from "~/features/catalog/catalog.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { db } from "~/platform/db/client.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { reviewRequests, reviews } from "~/features/reviews/tables.server";
import { sweepReviewRequests } from "~/features/reviews/review-requests.server";
import { setEnv } from "~/platform/env.server";
import { startEventListener, stopEventListener, subscribe } from "~/platform/events.server";
import * as orderPageRoute from "~/features/order-page/routes/order-page";
import * as reviewPageRoute from "~/features/reviews/routes/review-page";
import * as productRoute from "~/features/catalog/routes/product";
import * as customizeRoute from "~/features/customizer/routes/customize";
import * as homeRoute from "~/features/catalog/routes/home";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { outcome, routeArgs } from "../support/route-calls";
import { customLine, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS } from "../support/orders";
import { countRows, setupTestDatabase } from "../support/test-db";
import { deliveredReviewOrder, productFigures, reviewOrder, setOrderStatus } from "../support/reviews";

// Reviews (issue 29) from the order page's link, the owner's auto-publish choice, the customiser's buyer photos,
// JSON-LD against the page, and the live figures once a review is published.

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ...NO_ORDER_LIMITS });
let categoryId = "";
let admin: AdminSession;

beforeAll(async () => {
  categoryId = await makeCategory("Review links");
  admin = await adminSession("review-links-boss@example.com");
});
beforeEach(() => setEnv(t.env));
afterAll(async () => {
  await stopEventListener();
});

const REVIEW = {
  rating: 5,
  title: "Lovely sign",
  body: "Bright, well packed and easy to hang.",
  showcase: false,
};
const delivered = (productId: string) => deliveredReviewOrder(t.dataDir, productId);
const newProduct = async () => (await makeProduct(categoryId, { stockQuantity: 100 })).id;

async function setAutoPublish(value: "moderate" | "auto-text") {
  const { settings, version } = await loadShopSettings();
  const saved = await saveShopSettings(
    { ...settings, reviews: { autoPublish: value } },
    admin.actor,
    version,
  );
  expect(saved.ok).toBe(true);
}

const post = (token: string, form: FormData | Record<string, string>) =>
  outcome(() => reviewPageRoute.action(routeArgs(shopRequest(`/review/${token}`, { form }), { token })));

describe("the order page's review link", () => {
  it("shows each delivered line's review state and opens the review page with the order's own link", async () => {
    const productId = await newProduct();
    const mine = await delivered(productId);
    const theirs = await delivered(productId);
    const orderPage = async (token: string) =>
      (
        await outcome(() =>
          orderPageRoute.loader(routeArgs(shopRequest(`/orders/${token}`), { token }) as never),
        )
      ).body as { reviews: { link: string; lines: { canReview: boolean; status: string | null }[] } | null };

    const before = await orderPage(mine.orderToken);
    expect(before.reviews).toEqual({
      link: `/review/${mine.orderToken}`,
      lines: [expect.objectContaining({ canReview: true, status: null, rating: null })],
    });
    // The order page's token opens the same review page as the mailed link.
    const page = await loadReviewPage(mine.orderToken);
    expect(page!.lines).toEqual([expect.objectContaining({ ref: mine.line, refusal: null })]);

    // Another order's page link cannot review my line (refused like a line that does not exist).
    expect(await submitReview(theirs.orderToken, mine.line, REVIEW, [])).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await countRows(reviews, eq(reviews.productId, productId))).toBe(0);

    const sent = await post(mine.orderToken, { intent: "review", line: mine.line, ...form(REVIEW) });
    expect(sent.body).toMatchObject({ ok: true, line: mine.line });
    expect((await orderPage(mine.orderToken)).reviews!.lines).toEqual([
      { name: expect.any(String), canReview: false, status: "pending", rating: 5 },
    ]);
    // The mailed link sees the same review; the other order's link cannot withdraw it.
    const [r] = await db().select().from(reviews).where(eq(reviews.productId, productId));
    expect(await withdrawReview(theirs.orderToken, r!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await withdrawReview(mine.token, r!.id)).toEqual({ ok: true, status: "withdrawn" });
    expect((await orderPage(mine.orderToken)).reviews!.lines[0]).toMatchObject({ status: "withdrawn" });
  });

  it("offers nothing for an order that is not delivered, or was cancelled", async () => {
    const productId = await newProduct();
    const placed = await reviewOrder([{ ...customLine("NOPE") }]);
    const page = async (token: string) =>
      (
        (
          await outcome(() =>
            orderPageRoute.loader(routeArgs(shopRequest(`/orders/${token}`), { token }) as never),
          )
        ).body as { reviews: unknown }
      ).reviews;
    expect(await page(placed.customToken!)).toBeNull();
    await setOrderStatus("custom", placed.customOrderId!, "cancelled");
    expect(await page(placed.customToken!)).toBeNull();
    const refused = await submitReview(placed.customToken!, `custom:${placed.customOrderId}`, REVIEW, []);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: "This order can no longer be reviewed.",
    });
    expect(await countRows(reviews, eq(reviews.customOrderId, placed.customOrderId!))).toBe(0);
    expect(productId).toBeTruthy();
  });
});

const form = (r: typeof REVIEW) => ({ rating: String(r.rating), title: r.title, body: r.body });

describe("the owner's auto-publish choice", () => {
  it("publishes text-only reviews at once when chosen; photos and links always wait, low ratings alike", async () => {
    const productId = await newProduct();
    const status = async (title: string) =>
      (
        await db()
          .select({ status: reviews.status })
          .from(reviews)
          .where(and(eq(reviews.productId, productId), eq(reviews.title, title)))
      )[0]?.status;

    // The default: every review waits.
    const a = await delivered(productId);
    await post(a.token, { intent: "review", line: a.line, ...form({ ...REVIEW, title: "Default" }) });
    expect(await status("Default")).toBe("pending");

    await setAutoPublish("auto-text");
    const b = await delivered(productId);
    const oneStar = await post(b.token, {
      intent: "review",
      line: b.line,
      ...form({ ...REVIEW, rating: 1, title: "Flickers", body: "It flickered after two days of use." }),
    });
    expect(oneStar.body.message).toBe("Thank you! Your review is published.");
    expect(await status("Flickers")).toBe("published");
    expect(await productFigures(productId)).toEqual({ rating: 1, count: 1 });

    const c = await delivered(productId);
    await post(c.token, {
      intent: "review",
      line: c.line,
      ...form({ ...REVIEW, title: "Linked", body: "Cheaper at www.other-shop.com honestly." }),
    });
    expect(await status("Linked")).toBe("pending");

    const d = await delivered(productId);
    const withPhoto = new FormData();
    for (const [k, v] of Object.entries({
      intent: "review",
      line: d.line,
      ...form({ ...REVIEW, title: "Photo" }),
    }))
      withPhoto.append(k, v);
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#f0a" } })
      .png()
      .toBuffer();
    withPhoto.append("photos", new File([photo], "wall.png", { type: "image/png" }));
    await post(d.token, withPhoto);
    expect(await status("Photo")).toBe("pending");

    await setAutoPublish("moderate");
    const e = await delivered(productId);
    await post(e.token, {
      intent: "review",
      line: e.line,
      ...form({ ...REVIEW, title: "Back to moderation" }),
    });
    expect(await status("Back to moderation")).toBe("pending");
  });
});

describe("the customiser's buyer photos", () => {
  it("shows only custom designs' published photos whose authors allowed it", async () => {
    const productId = await newProduct();
    const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#0fa" } })
      .jpeg()
      .toBuffer();
    const file = [{ name: "p.jpg", type: "image/jpeg", bytes: photo }];
    const customs = [];
    for (const text of ["ALLOWED", "PRIVATE"]) {
      const o = await reviewOrder([customLine(text)]);
      await setOrderStatus("custom", o.customOrderId!, "delivered");
      customs.push(o);
    }
    await submitReview(
      customs[0]!.customToken!,
      `custom:${customs[0]!.customOrderId}`,
      { ...REVIEW, showcase: true },
      file,
    );
    await submitReview(customs[1]!.customToken!, `custom:${customs[1]!.customOrderId}`, REVIEW, file);
    const ready = await delivered(productId);
    await submitReview(ready.token, ready.line, { ...REVIEW, showcase: true }, file);
    for (const r of await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.rating, 5)))
      await moderateReview(admin.actor, { decision: "publish", reviewId: r.id });

    const shown = (await customizeRoute.loader()).buyerPhotos.map((p) => p.reviewId);
    const [allowed] = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.customOrderId, customs[0]!.customOrderId!));
    const [hidden] = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.customOrderId, customs[1]!.customOrderId!));
    const [readyMade] = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.productId, productId));
    expect(shown).toContain(allowed!.id);
    expect(shown).not.toContain(hidden!.id);
    expect(shown).not.toContain(readyMade!.id);
  });
});

/** The Product JSON-LD the product page renders from its loader's data. */
function renderedJsonLd(body: { product: never; reviews: { reviews: never[] } }) {
  const html = renderToStaticMarkup(
    createElement(ProductJsonLd, {
      product: body.product,
      description: "d",
      // What the page passes besides the product and its reviews (none of it touches the rating).
      offer: undefined,
      size: "M",
      facts: {
        sizesCm: Object.fromEntries(["S", "M", "L", "XL"].map((k) => [k, { w: 60, h: 30 }])),
        weight: "1 kg",
        countryOfOrigin: "India",
      },
      base: ORIGIN,
      storeName: "Shop",
      reviews: body.reviews.reviews,
    } as never),
  );
  const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)![1]!;
  return JSON.parse(json)[0] as {
    aggregateRating?: { ratingValue: number; reviewCount: number };
    review?: {
      name: string;
      reviewBody: string;
      reviewRating: { ratingValue: number };
      author: { name: string };
    }[];
  };
}

describe("JSON-LD", () => {
  it("says what the page shows: no rating without reviews, then the published figures and reviews", async () => {
    const productId = await newProduct();
    const load = async () =>
      (
        await outcome(() =>
          productRoute.loader(routeArgs(shopRequest(`/products/${productId}`), { id: productId }) as never),
        )
      ).body;
    let body = await load();
    expect(renderedJsonLd(body)).not.toHaveProperty("aggregateRating");
    expect(renderedJsonLd(body)).not.toHaveProperty("review");

    for (const rating of [5, 2, 4]) {
      const o = await delivered(productId);
      await submitReview(o.token, o.line, { ...REVIEW, rating, title: `Rated ${rating}` }, []);
    }
    for (const r of await db().select().from(reviews).where(eq(reviews.productId, productId)))
      await moderateReview(admin.actor, { decision: "publish", reviewId: r.id });
    body = await load();
    const ld = renderedJsonLd(body);
    // The page's figures (the stars and "n reviews" it prints) and its list of reviews.
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: body.reviews.summary.average,
      reviewCount: body.reviews.summary.count,
    });
    expect(body.product).toMatchObject({ rating: 3.7, reviewCount: 3 });
    expect(ld.aggregateRating!.ratingValue).toBe(body.product.rating);
    expect(ld.review!.map((r) => [r.name, r.reviewRating.ratingValue, r.author.name])).toEqual(
      body.reviews.reviews.map((r: { title: string; rating: number; authorName: string }) => [
        r.title,
        r.rating,
        r.authorName,
      ]),
    );
  });
});

describe("the home page's testimonials", () => {
  it("are the newest published reviews whatever their rating; the spec's samples only in the demo shop", async () => {
    await db().delete(reviews);
    const local = { ...t.env, PUBLIC_URL: "http://localhost:3000" };
    const home = async (e = t.env) => {
      setEnv(e);
      const d = (await homeRoute.loader()) as {
        testimonials: { reviews: { title: string; rating: number }[]; sample: boolean };
      };
      setEnv(t.env);
      return d.testimonials;
    };
    // No reviews: a real shop shows no testimonials at all; the demo shop its marked samples.
    expect(await home()).toEqual({ reviews: [], sample: false });
    expect(await home(local)).toEqual({ reviews: [], sample: true });

    const productId = await newProduct();
    const titles = ["One star", "Two", "Three", "Four", "Five", "Newest"];
    for (const [i, title] of titles.entries()) {
      const o = await delivered(productId);
      await submitReview(o.token, o.line, { ...REVIEW, rating: Math.min(i + 1, 5), title }, []);
      const [r] = await db().select().from(reviews).where(eq(reviews.title, title));
      await moderateReview(admin.actor, { decision: "publish", reviewId: r!.id });
      if (i === 0) {
        // One honest 1-star review: shown by a real shop; the demo shop still shows its samples.
        expect(await home()).toEqual({
          reviews: [expect.objectContaining({ title, rating: 1 })],
          sample: false,
        });
        expect((await home(local)).sample).toBe(true);
      }
    }
    const shown = await home(local);
    expect(shown.sample).toBe(false);
    expect(shown.reviews.map((r) => r.title)).toEqual(["Newest", "Five", "Four", "Three", "Two"]);
  });
});

describe("live figures", () => {
  it("a published review reaches the cached product and its reviews on the next read", async () => {
    const productId = await newProduct();
    const o = await delivered(productId);
    await submitReview(o.token, o.line, { ...REVIEW, rating: 3 }, []);
    await startEventListener(t.url);
    const first = await productReviews(productId, new URLSearchParams());
    // Kept while nothing changes: the same object.
    expect(await productReviews(productId, new URLSearchParams())).toBe(first);
    expect(await getActiveProduct(productId)).toMatchObject({ rating: 0, reviewCount: 0 });

    const announced = new Promise<void>((resolve) => {
      const stop = subscribe((e) => {
        if (e.table === "reviews") {
          stop();
          resolve();
        }
      });
    });
    const [r] = await db().select().from(reviews).where(eq(reviews.productId, productId));
    await moderateReview(admin.actor, { decision: "publish", reviewId: r!.id });
    await announced;
    const after = await productReviews(productId, new URLSearchParams());
    expect(after.summary).toMatchObject({ average: 3, count: 1 });
    expect(after.reviews.map((x) => x.id)).toEqual([r!.id]);
    expect(await getActiveProduct(productId)).toMatchObject({ rating: 3, reviewCount: 1 });
  });
});

describe("Verified purchase (issue 42)", () => {
  it("is shown for a real buyer's review, never for a test-gateway order's, which is never asked for one", async () => {
    const productId = await newProduct();
    const real = await delivered(productId);
    await submitReview(real.token, real.line, { ...REVIEW, title: "Real buyer" }, []);
    // A test-gateway order, delivered: no review request is made for it.
    const test = await reviewOrder([productLine(productId)]);
    await db().update(orders).set({ isTest: true }).where(eq(orders.id, test.orderId!));
    await setOrderStatus("order", test.orderId!, "delivered");
    await sweepReviewRequests();
    expect(await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, test.orderId!))).toEqual(
      [],
    );
    // Written through the order page's link all the same, it is shown without the mark.
    const page = await loadReviewPage(test.orderToken!);
    await submitReview(test.orderToken!, page!.lines[0]!.ref, { ...REVIEW, title: "Test order" }, []);
    for (const r of await db().select().from(reviews).where(eq(reviews.productId, productId)))
      await moderateReview(admin.actor, { decision: "publish", reviewId: r.id });
    const shown = await productReviews(productId, new URLSearchParams());
    expect(shown.reviews.map((r) => [r.title, r.verified]).sort()).toEqual([
      ["Real buyer", true],
      ["Test order", false],
    ]);
  });
});
