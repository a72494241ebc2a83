import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshProductFigures } from "~/features/reviews/review-figures.server";
import { removeDemoReviews, seedDemoReviews } from "~/features/reviews/demo-reviews.server";
import { moderateReview } from "~/features/reviews/review-moderation.server";
import { sweepReviewRequests } from "~/features/reviews/review-requests.server";
import { ratingSummary } from "~/features/reviews/reviews";
import { loadReviewPage, submitReview, withdrawReview } from "~/features/reviews/reviews.server";
import { db } from "~/platform/db/client.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { reviewPhotos, reviewRequests, reviews } from "~/features/reviews/tables.server";
import { setEnv } from "~/platform/env.server";
import * as adminReviewsRoute from "~/features/reviews/routes/admin-reviews";
import * as reviewPageRoute from "~/features/reviews/routes/review-page";
import * as productRoute from "~/features/catalog/routes/product";
import * as homeRoute from "~/features/catalog/routes/home";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { outcome, routeArgs } from "../support/route-calls";
import { customLine, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS } from "../support/orders";
import { outbox } from "../support/outbox";
import { countRows, setupTestDatabase } from "../support/test-db";
import {
  deliveredReviewOrder,
  productFigures,
  reviewLinkIn,
  reviewOrder,
  setOrderStatus,
} from "../support/reviews";

// Reviews from real buyers (issue 29): the request after delivery, the review through its private link, moderation,
// withdrawal, and the product's figures following only published reviews.

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, ...NO_ORDER_LIMITS });
const mail = () => outbox(t.dataDir);
let categoryId = "";
let admin: AdminSession;

beforeAll(async () => {
  categoryId = await makeCategory("Reviews");
  admin = await adminSession("reviews-boss@example.com");
});
beforeEach(() => setEnv(t.env));

const REVIEW = {
  rating: 4,
  title: "Lovely sign",
  body: "Bright, well packed and easy to hang.",
  showcase: false,
};

const order = reviewOrder;
const setStatus = setOrderStatus;
const linkIn = reviewLinkIn;
const deliveredOrder = (productId: string) => deliveredReviewOrder(t.dataDir, productId);
const figures = productFigures;

describe("review requests", () => {
  it("are made once per delivered order, mailed once, and never for cancelled, RTO or refunded orders", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const delivered = await order([productLine(productId)]);
    const cancelled = await order([productLine(productId)]);
    const rto = await order([productLine(productId)]);
    const refunded = await order([productLine(productId)]);
    const recent = await order([customLine("FRESH")]);
    await setStatus("order", delivered.orderId!, "delivered");
    await setStatus("order", cancelled.orderId!, "cancelled");
    await setStatus("order", rto.orderId!, "rto");
    await setStatus("order", refunded.orderId!, "delivered");
    await setStatus("custom", recent.customOrderId!, "delivered", 0); // not due yet
    await db().update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, refunded.orderId!));

    const first = await sweepReviewRequests();
    expect(first).toMatchObject({ sent: 1, cancelled: 1 });
    const requestOf = async (id: string) =>
      (await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, id)))[0];
    expect(await requestOf(cancelled.orderId!)).toBeUndefined();
    expect(await requestOf(rto.orderId!)).toBeUndefined();
    expect((await requestOf(refunded.orderId!))!.cancelledAt).not.toBeNull();
    const sent = (await requestOf(delivered.orderId!))!;
    expect(sent.sentAt).not.toBeNull();
    // Only a hash of the link's token is kept.
    expect(sent.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [pending] = await db()
      .select()
      .from(reviewRequests)
      .where(eq(reviewRequests.customOrderId, recent.customOrderId!));
    expect(pending!.sentAt).toBeNull();

    const again = await sweepReviewRequests();
    expect(again).toEqual({ created: 0, sent: 0, cancelled: 0, reminded: 0 });
    expect(
      mail()
        .files("", ".eml")
        .filter((f) => f.includes(sent.id)),
    ).toHaveLength(1);
    const text = mail()
      .mails()
      .find((m) => m.includes("/review/"))!;
    expect(text).toContain("low ratings are published just like high ones");
  });
});

describe("a review through the link", () => {
  it("is written for a line of that order only, once, and waits for moderation", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const mine = await deliveredOrder(productId);
    const theirs = await deliveredOrder(productId);

    const page = await loadReviewPage(mine.token);
    expect(page!.lines).toEqual([expect.objectContaining({ ref: mine.line, refusal: null, review: null })]);
    expect(await loadReviewPage("x".repeat(43))).toBeNull();

    // Another order's line through my link: refused like a line that does not exist, nothing written.
    expect(await submitReview(mine.token, theirs.line, REVIEW, [])).toMatchObject({ ok: false, status: 404 });
    expect(await submitReview("A".repeat(43), mine.line, REVIEW, [])).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await countRows(reviews)).toBe(0);

    expect(await submitReview(mine.token, mine.line, REVIEW, [])).toEqual({ ok: true, status: "pending" });
    expect(await submitReview(mine.token, mine.line, REVIEW, [])).toMatchObject({
      ok: false,
      status: 409,
      message: "You have already reviewed this item.",
    });
    const [r] = await db().select().from(reviews).where(eq(reviews.productId, productId));
    expect(r).toMatchObject({ status: "pending", rating: 4, authorName: expect.stringMatching(/\.$/) });
    // Pending reviews make no stars.
    expect(await figures(productId)).toEqual({ rating: 0, count: 0 });
  });

  it("is refused once the order was refunded after the mail", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const o = await deliveredOrder(productId);
    await db().update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, o.orderId));
    expect(await submitReview(o.token, o.line, REVIEW, [])).toMatchObject({ ok: false, status: 409 });
  });

  it("keeps photos re-encoded without metadata, and refuses a non-image with nothing half-saved", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const o = await deliveredOrder(productId);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#f0a" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "GPS 12.97,77.59" } } })
      .toBuffer();
    const before = await countRows(reviewPhotos);
    const bad = await submitReview(o.token, o.line, REVIEW, [
      { name: "a.jpg", type: "image/jpeg", bytes: photo },
      { name: "b.jpg", type: "image/jpeg", bytes: Buffer.from("<svg onload=alert(1)>") },
    ]);
    expect(bad).toMatchObject({ ok: false, status: 400, field: "photos" });
    expect(await countRows(reviews, eq(reviews.productId, productId))).toBe(0);
    expect(await countRows(reviewPhotos)).toBe(before);
    const five = Array.from({ length: 5 }, () => ({ name: "a.jpg", type: "image/jpeg", bytes: photo }));
    expect(await submitReview(o.token, o.line, REVIEW, five)).toMatchObject({ ok: false, field: "photos" });

    expect(
      await submitReview(o.token, o.line, REVIEW, [{ name: "a.jpg", type: "image/jpeg", bytes: photo }]),
    ).toEqual({
      ok: true,
      status: "pending",
    });
    const [p] = await db()
      .select({ key: reviewPhotos.imageKey, width: reviewPhotos.width })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
      .where(eq(reviews.productId, productId));
    expect(p!.width).toBe(900);

    // A replay of the reviewed line is refused before its photos are even read (not a photo error).
    const photosBefore = await countRows(reviewPhotos);
    expect(
      await submitReview(o.token, o.line, REVIEW, [
        { name: "b.jpg", type: "image/jpeg", bytes: Buffer.from("not an image at all") },
      ]),
    ).toEqual({ ok: false, status: 409, message: "You have already reviewed this item." });
    expect(await countRows(reviewPhotos)).toBe(photosBefore);
  });
});

describe("moderation and the figures", () => {
  it("publishes a 1-star review that meets the criteria; publish, reject and withdraw move the stars", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const a = await deliveredOrder(productId);
    const b = await deliveredOrder(productId);
    await submitReview(
      a.token,
      a.line,
      { ...REVIEW, rating: 1, title: "Dim", body: "Much dimmer than the photos." },
      [],
    );
    await submitReview(b.token, b.line, { ...REVIEW, rating: 5 }, []);
    const [low] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.rating, 1)));
    const [high] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.rating, 5)));

    expect(await moderateReview(admin.actor, { decision: "publish", reviewId: low!.id })).toMatchObject({
      ok: true,
    });
    expect(await figures(productId)).toEqual({ rating: 1, count: 1 });
    await moderateReview(admin.actor, { decision: "publish", reviewId: high!.id });
    expect(await figures(productId)).toEqual({ rating: 3, count: 2 });
    await moderateReview(admin.actor, { decision: "reject", reviewId: high!.id, reason: "spam" });
    expect(await figures(productId)).toEqual({ rating: 1, count: 1 });

    // The author withdraws: gone from the stars; staff cannot bring it back.
    expect(await withdrawReview(a.token, low!.id)).toEqual({ ok: true, status: "withdrawn" });
    expect(await figures(productId)).toEqual({ rating: 0, count: 0 });
    expect(await moderateReview(admin.actor, { decision: "publish", reviewId: low!.id })).toMatchObject({
      ok: false,
      status: 409,
    });
    // Someone else's review cannot be withdrawn through my link.
    expect(await withdrawReview(a.token, high!.id)).toMatchObject({ ok: false, status: 404 });
  });

  it("follow any sequence of decisions like a reference computation over the published reviews", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 500 })).id;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const o = await deliveredOrder(productId);
      await submitReview(o.token, o.line, { ...REVIEW, rating: (i % 5) + 1 }, []);
    }
    for (const r of await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.productId, productId)))
      ids.push(r.id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ i: fc.nat(5), publish: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          for (const s of steps)
            await moderateReview(
              admin.actor,
              s.publish
                ? { decision: "publish", reviewId: ids[s.i]! }
                : { decision: "reject", reviewId: ids[s.i]!, reason: "off_topic" },
            );
          const published = await db()
            .select({ rating: reviews.rating })
            .from(reviews)
            .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")));
          const expected = ratingSummary(published.map((p) => p.rating));
          expect(await figures(productId)).toEqual({ rating: expected.average, count: expected.count });
        },
      ),
      { numRuns: 15 },
    );
    // Recomputing changes nothing: the stored figures are the computed ones.
    const stored = await figures(productId);
    await refreshProductFigures(db(), productId);
    expect(await figures(productId)).toEqual(stored);
  });
});

describe("the routes", () => {
  const post = (token: string, form: FormData | Record<string, string>, origin?: string | null) =>
    outcome(() =>
      reviewPageRoute.action(routeArgs(shopRequest(`/review/${token}`, { form, origin }), { token })),
    );

  it("take a review with a photo through the page's form, refuse bad input, and publish it from the admin", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const o = await deliveredOrder(productId);
    const page = await outcome(() =>
      reviewPageRoute.loader(routeArgs(shopRequest(`/review/${o.token}`), { token: o.token })),
    );
    expect(page.status).toBe(200);
    // An unknown link: the page's 404 (thrown as data).
    await expect(
      reviewPageRoute.loader(routeArgs(shopRequest("/review/x"), { token: "x" })),
    ).rejects.toMatchObject({ init: { status: 404 } });

    // Bad input: field errors, nothing written.
    const bad = await post(o.token, { intent: "review", line: o.line, rating: "9", title: "", body: "ok" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["body", "rating", "title"]);
    // The refusal names its line, so the page shows it beside that line's form (also without JavaScript).
    expect(bad.body.line).toBe(o.line);
    // A post from another site is refused before anything is read.
    expect(
      (
        await post(
          o.token,
          { intent: "review", line: o.line, rating: "5", title: "x", body: "x".repeat(20) },
          "https://evil.test",
        )
      ).status,
    ).toBe(403);
    expect(await countRows(reviews, eq(reviews.productId, productId))).toBe(0);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "review",
      line: o.line,
      rating: "2",
      title: "Too dim",
      body: "The blue is much dimmer than the photos.",
    }))
      form.append(k, v);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0af" } })
      .png()
      .toBuffer();
    form.append("photos", new File([photo], "wall.png", { type: "image/png" }));
    const ok = await post(o.token, form);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, line: o.line });

    const [r] = await db().select().from(reviews).where(eq(reviews.productId, productId));
    // Staff without a session cannot moderate.
    const anon = await outcome(() =>
      adminReviewsRoute.action(
        routeArgs(shopRequest("/admin/reviews", { form: { decision: "publish", reviewId: r!.id } })),
      ),
    );
    expect(anon.status).toBe(401);
    // Rejecting needs a reason from the criteria.
    const noReason = await outcome(() =>
      adminReviewsRoute.action(
        routeArgs(
          admin.request("/admin/reviews", {
            form: { decision: "reject", reviewId: r!.id, reason: "negative" },
          }),
        ),
      ),
    );
    expect(noReason.status).toBe(400);
    const published = await outcome(() =>
      adminReviewsRoute.action(
        routeArgs(admin.request("/admin/reviews", { form: { decision: "publish", reviewId: r!.id } })),
      ),
    );
    expect(published.body).toMatchObject({ ok: true });

    // The product page reads the published review with its photo, and the product's figures.
    const product = await outcome(() =>
      productRoute.loader(routeArgs(shopRequest(`/products/${productId}?stars=2`), { id: productId })),
    );
    expect(product.body.product).toMatchObject({ rating: 2, reviewCount: 1 });
    expect(product.body.reviews.summary).toEqual({ average: 2, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(product.body.reviews.reviews).toEqual([
      expect.objectContaining({
        title: "Too dim",
        rating: 2,
        photos: [expect.objectContaining({ width: 400 })],
      }),
    ]);
    const fiveOnly = await outcome(() =>
      productRoute.loader(routeArgs(shopRequest(`/products/${productId}?stars=5`), { id: productId })),
    );
    expect(fiveOnly.body.reviews.reviews).toEqual([]);

    // Withdrawn through the page: gone from the product page and its stars.
    expect((await post(o.token, { intent: "withdraw", reviewId: r!.id })).body).toMatchObject({ ok: true });
    const after = await outcome(() =>
      productRoute.loader(routeArgs(shopRequest(`/products/${productId}`), { id: productId })),
    );
    expect(after.body.product).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(after.body.reviews.reviews).toEqual([]);
  });

  it("show buyers' photos on the home page only from published reviews whose authors allowed it", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const photo = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#fa0" } })
      .jpeg()
      .toBuffer();
    const file = [{ name: "p.jpg", type: "image/jpeg", bytes: photo }];
    const allowed = await deliveredOrder(productId);
    const private_ = await deliveredOrder(productId);
    await submitReview(allowed.token, allowed.line, { ...REVIEW, title: "Allowed", showcase: true }, file);
    await submitReview(private_.token, private_.line, { ...REVIEW, title: "Private" }, file);
    const home = async () =>
      ((await homeRoute.loader()) as { customerPhotos: { reviewId: string }[] }).customerPhotos.map(
        (p) => p.reviewId,
      );
    const [a] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.title, "Allowed")));
    const [b] = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.title, "Private")));
    expect(await home()).not.toContain(a!.id); // pending: not yet
    await moderateReview(admin.actor, { decision: "publish", reviewId: a!.id });
    await moderateReview(admin.actor, { decision: "publish", reviewId: b!.id });
    expect(await home()).toContain(a!.id);
    expect(await home()).not.toContain(b!.id);
    await withdrawReview(allowed.token, a!.id);
    expect(await home()).not.toContain(a!.id);
  });
});

describe("the reminder", () => {
  it("goes once, a week after the request, only when nothing of the order was reviewed; the new link replaces the old", async () => {
    const productId = (await makeProduct(categoryId, { stockQuantity: 50 })).id;
    const quiet = await deliveredOrder(productId);
    const answered = await deliveredOrder(productId);
    await submitReview(answered.token, answered.line, REVIEW, []);
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    for (const o of [quiet, answered])
      await db().update(reviewRequests).set({ sentAt: weekAgo }).where(eq(reviewRequests.orderId, o.orderId));
    const [req] = await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, quiet.orderId));

    expect(await sweepReviewRequests()).toMatchObject({ reminded: 1 });
    expect(await sweepReviewRequests()).toMatchObject({ reminded: 0 });
    const files = mail()
      .files("", ".eml")
      .filter((f) => f.includes(req!.id));
    expect(files).toHaveLength(2);
    const reminder = files
      .map((f) =>
        mail()
          .read(f)
          .replace(/=\r?\n/g, ""),
      )
      .find((m) => m.includes("reminder"))!;
    const token = linkIn([reminder], "/review/");
    expect(token).not.toBe(quiet.token);
    expect(await loadReviewPage(quiet.token)).toBeNull();
    expect((await loadReviewPage(token))!.lines[0]!.refusal).toBeNull();
  });
});

describe("demo reviews", () => {
  it("are added only to a local shop, once, tied to delivered demo orders, and removed with their orders", async () => {
    const good = await makeProduct(categoryId, { name: "Good Vibes Only Neon Sign", stockQuantity: 5 });
    await expect(seedDemoReviews(db(), "https://neonlights.in")).rejects.toThrow(
      /only added to a local shop/,
    );
    expect(await countRows(reviews, eq(reviews.isDemo, true))).toBe(0);

    expect(await seedDemoReviews(db(), "http://localhost:3000")).toBe(2);
    expect(await seedDemoReviews(db(), "http://localhost:3000")).toBe(0);
    expect(await figures(good.id)).toEqual({ rating: 4.5, count: 2 });
    const demoOrders = () => countRows(orders, sql`customer_email like 'demo-buyer-%@example.invalid'`);
    expect(await demoOrders()).toBe(2);

    expect(await removeDemoReviews(db())).toBe(2);
    expect(await countRows(reviews, eq(reviews.isDemo, true))).toBe(0);
    expect(await demoOrders()).toBe(0);
    expect(await figures(good.id)).toEqual({ rating: 0, count: 0 });
  });
});
